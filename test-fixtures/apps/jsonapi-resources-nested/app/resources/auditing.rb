# A plain module: its instance methods change nothing the routes read.
module Auditing
  def audited?
    true
  end
end

class ForumMailer < ActionMailer::Base
  def digest
  end
end

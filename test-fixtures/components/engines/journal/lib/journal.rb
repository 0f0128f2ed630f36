require_relative "journal/engine"

module Journal
end

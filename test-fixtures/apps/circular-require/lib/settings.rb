LOADS << :settings
require File.dirname(__FILE__) + "/settings/var"

class Settings
  PAGES = %w[alpha beta].freeze
end

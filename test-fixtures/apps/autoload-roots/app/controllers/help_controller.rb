class HelpController < ActionController::Base
  HELP_ACTIONS = %i[first_login preferences].freeze
end

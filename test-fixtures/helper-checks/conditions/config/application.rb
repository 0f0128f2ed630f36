require "active_model/railtie"
require "action_controller/railtie"
require "action_mailer/railtie"

module Conditions
  class Application < Rails::Application
  end
end

require "action_controller/railtie"
require "action_mailer/railtie"

module EngineUrlOptions
  class Application < Rails::Application
  end
end

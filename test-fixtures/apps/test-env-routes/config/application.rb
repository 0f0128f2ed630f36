require_relative "boot"

require "rails"
require "action_controller/railtie"

module TestEnvRoutes
  class Application < Rails::Application
    config.load_defaults 6.1
    config.eager_load = false
  end
end

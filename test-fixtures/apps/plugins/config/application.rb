require_relative "boot"

require "rails"
require "action_controller/railtie"
require_relative "locales"

Bundler.require(*Rails.groups)

module PortalApp
  class Application < Rails::Application
    config.load_defaults 6.1
    config.eager_load = false
    config.autoload_paths << "#{root}/lib"
  end
end

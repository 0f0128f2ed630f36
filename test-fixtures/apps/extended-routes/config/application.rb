require_relative "boot"

require "rails"
require "action_controller/railtie"

Bundler.require(*Rails.groups)

module ExtendedRoutes
  class Application < Rails::Application
    config.load_defaults 6.1
    # As DFE-Digital/register-trainee-teachers: modules of routes, autoloaded from config/routes.
    config.autoload_paths << Rails.root.join("config/routes")
  end
end

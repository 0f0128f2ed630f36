require_relative "boot"

require "rails"
require "active_record/railtie"
require "active_storage/engine"
require "action_controller/railtie"

Bundler.require(*Rails.groups)

module ActiveStorageConditional
  class Application < Rails::Application
    config.load_defaults 6.1
    # Assigned only where the condition holds: Active Storage draws its routes in development
    # and not in production (rdv-insertion's; Routemap applied it in every environment).
    config.active_storage.draw_routes = false if Rails.env.production?
    unless Rails.env.development?
      config.active_storage.routes_prefix = "/files"
    end
  end
end

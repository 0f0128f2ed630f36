require_relative "boot"

require "rails/all"

Bundler.require(*Rails.groups)

module StorageOff
  class Application < Rails::Application
    config.load_defaults 6.1
    config.active_storage.draw_routes = false
  end
end

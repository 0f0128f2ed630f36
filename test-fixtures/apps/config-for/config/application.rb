require_relative "boot"

require "rails"
require "active_model/railtie"
require "action_controller/railtie"

Bundler.require(*Rails.groups)

module ConfigApp
  class Application < Rails::Application
    config.load_defaults 6.1
    # config_for in the class body: the CDN's settings, `shared:` under each environment's.
    config.x.cdn = config_for(:cdn)
  end
end

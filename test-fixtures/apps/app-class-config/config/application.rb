require_relative "boot"

require "rails"
require "action_controller/railtie"

Bundler.require(*Rails.groups)

# The application's settings read through its class's constant (resourcemap's
# `ResourceMap::Application.config.available_locales`, mushroom-observer's
# `MO = MushroomObserver::Application.config`): the class forwards `config` and `root` to its instance.
module AppClassConfig
  class Application < Rails::Application
    config.load_defaults 6.1
    config.available_locales = { :en => "English", :fr => "French" }
    config.themes = %w[Agaricus Amanita]
  end
end
MO = AppClassConfig::Application.config

require_relative "boot"

require "rails"
require "action_controller/railtie"

Bundler.require(*Rails.groups)

module IvarsPerDraw
  class Application < Rails::Application
    config.load_defaults 6.1
  end
end

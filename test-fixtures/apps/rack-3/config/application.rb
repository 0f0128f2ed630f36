require_relative "boot"

require "rails"
require "action_controller/railtie"

Bundler.require(*Rails.groups)

module Rack3
  class Application < Rails::Application
    config.load_defaults 8.1
  end
end

require_relative "boot"

require "rails"
require "action_controller/railtie"

Bundler.require(*Rails.groups)

module ModuleSettings
  class Application < Rails::Application
    config.load_defaults 6.1
  end
end

# Settings of the app's own, set by its initializers, which Rails runs before the routes.
module Shop
  mattr_accessor :admin_path
  mattr_accessor :legacy, default: true

  class << self
    attr_accessor :beta
  end
end

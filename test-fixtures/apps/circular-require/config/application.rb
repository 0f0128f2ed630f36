require_relative "boot"

require "rails"
require "action_controller/railtie"
# A library whose files require each other through `..` (Tahi's env settings): Ruby expands each
# path before it looks among the loaded files, so the second require of settings.rb is a no-op.
LOADS = []
require File.dirname(__FILE__) + "/../lib/settings"

Bundler.require(*Rails.groups)

module CircularRequire
  class Application < Rails::Application
    config.load_defaults 6.1
  end
end

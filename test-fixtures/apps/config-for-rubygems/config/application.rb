require_relative "boot"

require "rails"
require "action_controller/railtie"

Bundler.require(*Rails.groups)

# rubygems/rubygems.org's shape: settings from config/rubygems.yml (config_for), read through a
# module method into constants that the routes use.
module Gemcutter
  class Application < Rails::Application
    config.load_defaults 6.1
    config.rubygems = Application.config_for :rubygems
    config.x.mail = config_for(:rubygems, env: "production")
  end

  def self.config
    Rails.application.config.rubygems
  end

  HOST = config["host"].freeze
  PROTOCOL = config[:protocol]
  SEPARATE_ADMIN_HOST = config["separate_admin_host"]
end

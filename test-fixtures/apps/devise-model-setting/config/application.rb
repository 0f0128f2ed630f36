require_relative "boot"

require "rails"
require "active_model/railtie"
require "active_record/railtie"
require "action_controller/railtie"
require "action_view/railtie"
require "action_mailer/railtie"

Bundler.require(*Rails.groups)

module DeviseModelSetting
  class Application < Rails::Application
    config.load_defaults 6.1
    config.x.lockable = false
  end
end

require_relative "boot"
require "rails"
require "action_controller/railtie"
Bundler.require(*Rails.groups)
module ModuleBlockSelf
  class Application < Rails::Application
    config.load_defaults 6.1
    config.autoload_paths << "#{root}/app/lib"
  end
end

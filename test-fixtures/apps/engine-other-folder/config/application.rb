require_relative "boot"

require "rails"
require "action_controller/railtie"
# An engine kept in a folder of the app's own naming (cartodb's gears/): Rails takes its root from
# its class's file, the first folder up with a `lib`, and draws its config/routes.rb.
require_relative "../gears/widget_api/lib/widget_api"

Bundler.require(*Rails.groups)

module EngineOtherFolder
  class Application < Rails::Application
    config.load_defaults 6.1
  end
end

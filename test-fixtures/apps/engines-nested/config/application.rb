require_relative "boot"

require "rails"
require "action_controller/railtie"
# An engine whose routes mount another: Rails 6.1 to 8.0 list the inner engine's routes too,
# before the outer one's (RoutesInspector#collect_engine_routes collects as it goes).
require_relative "../engines/inner/lib/inner"
require_relative "../engines/outer/lib/outer"

Bundler.require(*Rails.groups)

module EnginesNested
  class Application < Rails::Application
    config.load_defaults 6.1
  end
end

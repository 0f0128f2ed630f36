require_relative "boot"

require "rails"
require "action_controller/railtie"

Bundler.require(*Rails.groups)

module RoutesPaths
  class Application < Rails::Application
    config.load_defaults 6.1
    # The API's routes first, then the app's, then the admin's: Rails loads them in this order.
    config.paths["config/routes.rb"] = %w(config/routes/api.rb config/routes.rb).map { |path| Rails.root.join(path) }
    config.paths["config/routes.rb"] << Rails.root.join("config", "routes", "admin.rb")
    # And every file of config/routes/extra, in Dir's order.
    config.paths["config/routes.rb"].concat(Dir[Rails.root.join("config/routes/extra/*.rb")])
    # Then config/routes/more's, sorted (puzzle/cryptopus writes it so).
    config.paths["config/routes.rb"].concat Dir[Rails.root.join("config/routes/more/*.rb")].sort
    # Lists joined with `+` (noosfero), and a splat into `unshift`, which puts them first.
    config.paths["config/routes.rb"].concat(Dir[Rails.root.join("config/routes/plus/*.rb")] + Dir[Rails.root.join("config/routes/none/*.rb")])
    config.paths["config/routes.rb"].unshift(*Dir[Rails.root.join("config/routes/first/*.rb")].sort)
  end
end

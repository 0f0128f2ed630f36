require_relative "boot"

require "rails"
require "active_model/railtie"
require "action_controller/railtie"
# Its routes file is loaded after the app's, before the kept `append` blocks are drawn (`finalize!`).
require "active_storage/engine"

Bundler.require(*Rails.groups)

module KeptBlocks
  class Application < Rails::Application
    config.load_defaults 6.1
    # Kept now, drawn once the routes files have drawn (teaching-vacancies' catch-all).
    config.after_initialize do |app|
      app.routes.append { match "*path", to: "errors#not_found", via: :all }
      # Kept after railties' own /rails/info routes are prepended, before the routes files run.
      app.routes.prepend { get "health", to: "health#show" }
    end
  end
end

require_relative "boot"

require "rails"
require "action_controller/railtie"

Bundler.require(*Rails.groups)

module DefaultScopeConfigure
  class Application < Rails::Application
    config.load_defaults 6.1
    # The application's own `routes`, from its class body and from its configure blocks.
    routes.default_scope = { path: "body" }
    initializer :web_scope do |app|
      app.routes.default_scope = { path: "body", module: "web" } if ENV["WEB_SCOPE"]
    end
  end
end

require "action_controller/railtie"
require "action_mailer/railtie"

module Contexts
  class Application < Rails::Application
    config.action_mailer.default_url_options = { host: "example.com" }
  end
end

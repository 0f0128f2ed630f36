require "action_controller/railtie"
require "action_mailer/railtie"
require "active_record/railtie"
require "active_storage/engine"

module Engines
  class Application < Rails::Application
    config.action_mailer.default_url_options = { host: "example.com" }
  end
end

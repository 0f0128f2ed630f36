require "action_controller/railtie"
require "action_mailer/railtie"

module Snippets
  class Application < Rails::Application
    # Mailers fill :locale in (the snippets of their helpers leave it out).
    config.action_mailer.default_url_options = { host: "example.com", locale: "en" }
  end
end

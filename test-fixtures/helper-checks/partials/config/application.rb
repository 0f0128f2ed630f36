require "action_controller/railtie"
require "action_mailer/railtie"

module Partials
  class Application < Rails::Application
  end
end

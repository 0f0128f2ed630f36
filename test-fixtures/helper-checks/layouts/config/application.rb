require "action_controller/railtie"
require "action_mailer/railtie"

module Layouts
  class Application < Rails::Application
  end
end

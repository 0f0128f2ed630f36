require_relative "boot"

require "rails"
# The frameworks required in a loop over a list (rubytogether's): Active Storage's engine among
# them draws its routes; Action Mailer's previews, required the same way with `"#{name}/railtie"`,
# draw nothing outside development.
%w(
  action_controller/railtie
  active_storage/engine
).each do |railtie|
  require railtie
end
%w(action_mailer).each { |name| require "#{name}/railtie" }

Bundler.require(*Rails.groups)

module FrameworkRequireLoop
  class Application < Rails::Application
    config.load_defaults 6.1
  end
end

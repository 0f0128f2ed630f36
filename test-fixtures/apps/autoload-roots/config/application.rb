require_relative "boot"

require "rails"
require "active_model/railtie"
require "active_record/railtie"
require "action_controller/railtie"
require "action_view/railtie"
require "action_mailer/railtie"

Bundler.require(*Rails.groups)

module AutoloadApp
  class Application < Rails::Application
    config.load_defaults 6.1
    # Models in sub-folders, each an autoload root (as fat_free_crm does).
    config.autoload_paths += Dir[Rails.root.join("app/models/**")]
    config.eager_load_paths << Rails.root.join("extras")
  end
end

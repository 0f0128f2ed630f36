require_relative "boot"

require "rails"
require "active_model/railtie"
require "active_record/railtie"
require "active_storage/engine"
require "action_controller/railtie"
require "action_view/railtie"
require "action_mailer/railtie"

Bundler.require(*Rails.groups)

# The app's own engine, kept in engines/journal.
require_relative "../engines/journal/lib/journal"

module Larder
  class Application < Rails::Application
    config.load_defaults 6.1
  end
end

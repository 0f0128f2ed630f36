require_relative "boot"

require "rails/all"

Bundler.require(*Rails.groups)

module RailtiesOrder
  class Application < Rails::Application
    # Active Storage's routes file loads before the app's (restarone/violet_rails does this, so
    # that its routes come before a catch-all); Action Mailbox's, in :all, after it.
    config.railties_order = [ActiveStorage::Engine, :main_app, :all]
    config.load_defaults 6.1
  end
end

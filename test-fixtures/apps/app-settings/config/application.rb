require_relative "boot"
require_relative "locale"

require "rails"
require "active_model/railtie"
require "action_controller/railtie"

Bundler.require(*Rails.groups)

module SettingsApp
  class Application < Rails::Application
    config.load_defaults 6.1
    config.i18n.available_locales = Locale.available_locales.map(&:to_sym)
    config.x.cdn_host = "https://cdn.example.com"
    config.x.api_version = "v1"
    # Set only where the variable is set: the shell that runs `bin/rails routes` has none.
    config.force_ssl = true if ENV["ROUTEMAP_UNSET_FORCE_SSL"]
    # Nested custom settings (Rails::Application::Configuration::Custom): one set from a variable
    # the shell lacks, one by OrderedOptions' `[]=`; `x.beta` and `x.extras` are set nowhere.
    config.x.mock.enabled = ENV.fetch("ROUTEMAP_UNSET_MOCK", nil) == "true"
    config.x.feeds[:path] = "feeds"
  end
end

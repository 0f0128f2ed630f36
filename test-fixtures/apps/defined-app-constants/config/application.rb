require_relative "boot"

require "rails"
require "action_controller/railtie"
# `defined?` in the routes of constants the app's own files define: a model (Zeitwerk's autoload
# is seen by `defined?`), a class of an initializer, an engine required here. (One that only an
# unread file may require stays undecided: shared-mapper/test/definedConstants.test.mjs.)
require_relative "../engines/loaded/lib/loaded"

Bundler.require(*Rails.groups)

module DefinedAppConstants
  class Application < Rails::Application
    config.load_defaults 6.1
  end
end

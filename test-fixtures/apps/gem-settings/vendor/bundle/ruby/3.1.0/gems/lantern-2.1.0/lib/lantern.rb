# A made-up static pages engine, installed as a gem in the app's bundle path. Its routes file
# reads its settings: a module extended with accessors, its defaults set by the `extended` hook.
require "lantern/options"
require "lantern/drawers/nested"
require "lantern/drawers/flat"

module Lantern
  extend Options
  require "lantern/engine" if defined?(Rails)
end

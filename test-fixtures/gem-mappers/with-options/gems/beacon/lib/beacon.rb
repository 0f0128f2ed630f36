# A fixture gem: its routing method is called through `with_options` in the routes file.
require_relative "beacon/routing"

module Beacon
  VERSION = "0.1.0"
end

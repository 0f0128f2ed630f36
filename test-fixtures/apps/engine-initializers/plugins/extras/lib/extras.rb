require "extras/engine"

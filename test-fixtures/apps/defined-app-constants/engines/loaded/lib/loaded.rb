require_relative "loaded/engine"

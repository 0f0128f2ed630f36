require_relative "inner/engine"

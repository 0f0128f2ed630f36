require_relative "outer/engine"

require_relative "bundle_core/engine"

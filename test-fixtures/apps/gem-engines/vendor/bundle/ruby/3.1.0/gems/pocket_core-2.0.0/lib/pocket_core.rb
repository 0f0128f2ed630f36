require "pocket/core/engine"

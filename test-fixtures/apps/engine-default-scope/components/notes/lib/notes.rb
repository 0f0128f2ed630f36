require "notes/engine"

require "reporting/engine"

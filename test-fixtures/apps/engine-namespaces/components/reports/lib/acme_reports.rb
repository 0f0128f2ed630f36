require "acme/reports/engine"

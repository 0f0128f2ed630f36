# A `return` in a block at an initializer's top level ends the file (cyberark/conjur's
# prometheus.rb): what it would require after it is never loaded.
Rails.application.configure do
  require "status_routes"
  return unless config.x.telemetry

  require "metrics_routes"
end
require "late_routes"

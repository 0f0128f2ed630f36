Rails.application.routes.draw do
  lantern_for :beacons, :signals
  lantern_for :logs, only: [:index]
  lantern_console
  lantern_health at: "/status"
end

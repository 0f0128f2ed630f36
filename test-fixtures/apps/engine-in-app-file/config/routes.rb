# Engines whose classes and routes are in app files (trade-tariff-backend's app/engines/*.rb):
# Zeitwerk loads each file as `mount` names its class, and the file's `draw` fills the engine's
# set then. An engine class no one mounts is never loaded: its routes are not drawn.
Rails.application.routes.draw do
  mount AdminApi => "/admin"
  scope "/api" do
    mount V2Api => "/v2", as: :v2
  end
  get "home", to: "home#index"
end

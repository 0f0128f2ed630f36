Rails.application.routes.draw do
  prefix = "api"
  get "#{prefix}/status", to: "status#show"
  get "#{prefix}/v#{1 + 1}/ping", to: "status#ping"
  resources :"#{prefix}_keys", only: :index
end

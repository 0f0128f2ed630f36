Rails.application.routes.draw do
  get "health", to: "health#show", internal: true
  get "visible", to: "health#visible"
end

WidgetApi::Engine.routes.draw do
  get "status", to: "status#show"
  resources :widgets, only: [:index, :show]
end

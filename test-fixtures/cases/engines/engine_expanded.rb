# routemap: expanded
Shop::Engine.routes.draw do
  resources :carts, only: [:show, :update]
end

Rails.application.routes.draw do
  mount Shop::Engine, at: "/shop"
  get "home", to: "home#show"
end

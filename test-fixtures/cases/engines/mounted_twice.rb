Shop::Engine.routes.draw do
  resources :carts, only: :show
end

Rails.application.routes.draw do
  mount Shop::Engine, at: "/shop"
  mount Shop::Engine, at: "/store", as: :store
end

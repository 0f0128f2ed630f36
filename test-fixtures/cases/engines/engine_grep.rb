# routemap: grep=carts
Shop::Engine.routes.draw do
  resources :carts, only: :show
end

Rails.application.routes.draw do
  mount Shop::Engine, at: "/shop"
  resources :carts, only: :index
end

Storefront::Engine.routes.draw do
  resources :products, only: :index
end

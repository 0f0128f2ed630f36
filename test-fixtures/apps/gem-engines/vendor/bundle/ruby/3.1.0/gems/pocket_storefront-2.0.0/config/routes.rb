Pocket::Core::Engine.routes.draw do
  resources :products, only: [:index, :show]
end

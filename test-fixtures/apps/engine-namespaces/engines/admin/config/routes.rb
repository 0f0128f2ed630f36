Shop::Core::Engine.routes.draw do
  namespace :admin do
    resources :users, only: [:index, :show]
  end
  root to: "home#index"
end

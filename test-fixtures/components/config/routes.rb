Rails.application.routes.draw do
  resources :posts, only: [:index, :show, :edit]
  root "posts#index"
  mount Journal::Engine, at: "/journal"
end

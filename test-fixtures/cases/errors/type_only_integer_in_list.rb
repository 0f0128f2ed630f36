Rails.application.routes.draw do
  resources :tags, only: :index
  resources :posts, only: [:index, 1]
end

Rails.application.routes.draw do
  resources :tags, only: :index
  resources :posts, only: 1
end

Rails.application.routes.draw do
  resources :tags, only: :index
  resources :posts, param: 1
end

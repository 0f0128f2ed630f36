Rails.application.routes.draw do
  resources :tags, only: :index
  resources :posts, except: 2.5
end

Rails.application.routes.draw do
  resources :posts, :comments, :tags, only: :index
end

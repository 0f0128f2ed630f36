Rails.application.routes.draw do
  resources :posts, only: :index
  namespace :admin do
    resources :posts, only: :index
  end
  get "admin/posts", to: "x#y"
  get "posts", to: "x#z"
end

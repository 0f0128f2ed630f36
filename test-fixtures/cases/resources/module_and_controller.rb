Rails.application.routes.draw do
  resources :posts, module: :blog, controller: :articles, only: :index
  namespace :admin do
    resources :posts, controller: "/posts", only: :index
  end
end

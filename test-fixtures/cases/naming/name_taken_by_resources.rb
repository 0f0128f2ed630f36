Rails.application.routes.draw do
  get "posts/new", to: "posts#new"
  resources :posts
  get "posts", to: "posts#all"
end

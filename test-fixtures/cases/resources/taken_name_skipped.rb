Rails.application.routes.draw do
  resources :posts
  get "posts/:id/preview", to: "posts#preview"
  get "posts", to: "posts#list"
  get "new_post", to: "posts#new"
end

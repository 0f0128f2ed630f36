Rails.application.routes.draw do
  resources :posts, controller: "admin-posts"
end

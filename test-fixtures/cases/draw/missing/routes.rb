Rails.application.routes.draw do
  resources :posts
  draw :nonexistent
end

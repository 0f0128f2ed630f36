Rails.application.routes.draw do
  resources :posts
end

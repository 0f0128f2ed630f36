Rails.application.routes.draw do
  resources :posts, format: true
end

Rails.application.routes.draw do
  resources :posts, format: false
  resource :status, format: false
end

Rails.application.routes.draw do
  root "home#index"
  draw :blog
  draw "api"
  resources :users, only: :index
end

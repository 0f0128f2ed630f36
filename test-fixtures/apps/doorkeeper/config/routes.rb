Rails.application.routes.draw do
  use_doorkeeper
  resources :users
  get "login", to: "sessions#new"
end

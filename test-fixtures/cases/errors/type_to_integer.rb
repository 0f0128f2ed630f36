Rails.application.routes.draw do
  resources :tags, only: :index
  get "x", to: 1
end

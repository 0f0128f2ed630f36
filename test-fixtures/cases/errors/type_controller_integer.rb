Rails.application.routes.draw do
  resources :tags, only: :index
  get "x", controller: 1, action: "b"
end

Rails.application.routes.draw do
  resources :tags, only: :index
  get "x", to: "a#b", as: 1
end

Rails.application.routes.draw do
  resources :articles, only: [:index, :show]
  get "about", to: "lantern/pages#show", id: "about", as: :about
end

Rails.application.routes.draw do
  resources :product_drives
  resources :short_urls, only: [:index, :show]
  resources :cacti, only: [:index, :show]
  resources :feedback, only: [:index, :create]
  resource :totp, only: :show
  resources :metadata
  resources :indices, only: :show
  resources :lasagne, only: :show
  resources :fezzes, only: :show
  namespace :api do
    resources :oxen, only: :index
    resources :moose
  end
  get "drives/:id", to: "drives#show", as: :drive_alias
  get "cortes", to: "cortes#index"
end

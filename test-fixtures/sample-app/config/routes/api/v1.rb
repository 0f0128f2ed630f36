# frozen_string_literal: true

namespace :v1 do
  resources :products, only: [:index, :show] do
    resources :reviews, only: [:index, :create]
  end
  resources :categories, only: :index
  resource :cart, only: [:show, :update]
  resources :orders, only: [:index, :show, :create]
  post "auth/token", to: "auth#token"
  delete "auth/token", to: "auth#revoke"
end

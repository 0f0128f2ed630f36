# frozen_string_literal: true

namespace :api, defaults: { format: :json } do
  draw "api/v1"
  namespace :v2 do
    resources :products, only: [:index, :show] do
      resources :variants, only: [:index, :show]
      resources :reviews, only: [:index, :create, :update, :destroy]
    end
    resources :categories, only: [:index, :show], param: :slug
    resources :orders, only: [:index, :show, :create] do
      resource :payment, only: [:show, :create]
      resources :line_items, only: [:index, :create, :update, :destroy]
      post :cancel, on: :member
    end
    resource :cart, only: [:show, :update, :destroy] do
      resources :items, controller: "cart_items", only: [:create, :update, :destroy]
    end
    resources :webhooks, except: [:new, :edit] do
      post :ping, on: :member
      resources :deliveries, only: [:index, :show]
    end
    resource :me, controller: "me", only: [:show, :update]
  end
  match "*path", to: "errors#not_found", via: :all
end

# frozen_string_literal: true

namespace :admin do
  root "dashboard#show"
  resources :products do
    member do
      patch :publish
      patch :archive
    end
    resources :variants, shallow: true
    resources :images, only: [:create, :destroy]
  end
  resources :categories, except: :show
  resources :orders, only: [:index, :show, :update] do
    resources :refunds, only: [:new, :create]
    get :export, on: :collection, format: :csv
  end
  resources :customers, only: [:index, :show] do
    resources :notes, shallow: true
  end
  resources :posts do
    patch :publish, on: :member
  end
  resources :coupons
  resource :settings, only: [:show, :update]
  scope "reports", controller: "reports", as: "reports" do
    get :sales
    get :inventory
    get :customers
  end
end

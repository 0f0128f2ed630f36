# frozen_string_literal: true

namespace :api, defaults: { format: :json } do
  draw "api/v1"
  namespace :v2 do
    resources :products, only: [:index, :show]
    resources :orders, only: [:index, :show, :create]
  end
end

Rails.application.routes.draw do
  devise_for :users
  authenticate :user do
    resources :secrets, only: :index
  end
  if ENV["ENABLE_BETA"]
    get "beta", to: "beta#show"
  end
  get "admin", to: "admin#index" if FeatureFlag.enabled?(:admin)
  resources :visible, only: :index
end

PocketAdmin::Engine.routes.draw do
  root to: "dashboard#index"
  resources :records, only: [:index, :show, :destroy] do
    post :restore, on: :member
  end
  get "settings(/:section)", to: "settings#show", as: :settings
end

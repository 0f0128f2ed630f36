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
Rails.application.routes.draw do
  unless FeatureFlag.off?(:legacy)
    get "legacy", to: "legacy#show"
  end
  case ENV["MODE"]
  when "full" then get "full", to: "modes#full"
  end
end

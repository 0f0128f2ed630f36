Rails.application.routes.draw do
  resources :posts, only: [:index, :show]
  namespace :admin do
    resources :reports, only: [:index]
  end
  # Off in this environment (upcase's marketing_redesign): no route reaches Redesign::* nor Legacy::*.
  if ENV["ENABLE_REDESIGN"] == "1"
    scope "redesign", module: :redesign do
      get "home", to: "home#show"
    end
    get "legacy", to: "legacy/pages#show"
  end
end

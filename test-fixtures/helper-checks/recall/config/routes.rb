Rails.application.routes.draw do
  resources :posts, only: [:index, :show, :new, :create] do
    resources :comments, only: [:index, :create]
  end
  # Request constraints, one of the app's and one of a gem's (its class read from vendor/kit):
  # they guard requests; the helpers of their routes raise on a missing part as any other.
  constraints EditorConstraint.new do
    constraints Kit::SignedIn.new do
      resources :authors, only: [] do
        resources :books, only: [:index]
      end
    end
  end
  resources :books, only: [:show, :destroy]
  # Its helper has a view helper's name too (app/helpers/tags_helper.rb): views and a test that
  # includes the module call that method, other tests the route's helper.
  resources :tags, only: [:show]
  get "archive(/:year)", to: "posts#archive", as: :archive
  root "posts#index"
  # Off in this environment (upcase's marketing_redesign): no route reaches Redesign::*.
  if ENV["ENABLE_REDESIGN"] == "1"
    scope "redesign", module: :redesign do
      get "home", to: "home#show"
      resources :contacts, only: [:new, :create]
    end
  end
end

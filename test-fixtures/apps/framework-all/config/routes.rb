Rails.application.routes.draw do
  resources :posts do
    resources :comments, only: [:create, :destroy]
  end
  get "search", to: "search#index"
  root "posts#index"
end

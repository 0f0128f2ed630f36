Rails.application.routes.draw do
  resources :posts
  namespace :admin do
    resources :reports, only: [:index, :show]
    resources :comments, only: :index
  end
  resources :comments, only: :index
  direct(:homepage) { "https://example.com" }
  root "posts#index"
end

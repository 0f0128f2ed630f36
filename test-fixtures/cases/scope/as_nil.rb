Rails.application.routes.draw do
  scope as: nil do
    resources :posts, only: :index
  end
  namespace :admin, as: nil do
    resources :users, only: :index
  end
end

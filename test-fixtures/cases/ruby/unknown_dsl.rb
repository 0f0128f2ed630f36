Rails.application.routes.draw do
  devise_for :users
  authenticate :user do
    resources :secrets, only: :index
  end
  use_doorkeeper
  resources :posts, only: :index
end

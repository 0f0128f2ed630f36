Rails.application.routes.draw do
  resources :posts, as: :articles do
    resources :comments, only: :index
    get :stats, on: :member
  end
end

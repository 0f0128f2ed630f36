Rails.application.routes.draw do
  resources :posts, only: [:index, :show, :new, :create] do
    resources :comments, only: [:index, :create]
  end
  resources :authors, only: [] do
    resources :books, only: [:index]
  end
  resources :books, only: [:show, :destroy]
  get "archive(/:year)", to: "posts#archive", as: :archive
  root "posts#index"
end

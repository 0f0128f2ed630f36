Rails.application.routes.draw do
  mount Blog::Engine => "/blog"
  resources :users, only: [:index, :show]
  root "users#index"
end

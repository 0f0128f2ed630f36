Rails.application.routes.draw do
  mount Blog::Engine => "/blog"
  mount Forum::Engine => "/forum", as: "forum"
  resources :users, only: [:index, :show]
  get "users_blog", to: "users#blog"
  get ":account/profile", to: "users#index", as: :profile
  root "users#index"
end

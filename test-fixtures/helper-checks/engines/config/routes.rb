Rails.application.routes.draw do
  mount Blog::Engine => "/blog"
  mount Forum::Engine => "/forum", as: "forum"
  resources :users, only: [:index, :show]
  get "users_blog", to: "users#blog"
  root "users#index"
end

Rails.application.routes.draw do
  mount Blog::Engine => "/blog"
  mount Forum::Engine => "/forum", as: "forum"
  resources :users, only: [:index, :show]
  root "users#index"
end

Rails.application.routes.draw do
  mount Blog::Engine => "/blog"
  mount Billing::Engine, at: "/billing", as: "billing"
  resources :users, only: [:index, :show]
  root "users#index"
end

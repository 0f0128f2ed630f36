Rails.application.routes.draw do
  mount Ahoy::Engine => "/ahoy"
  mount RailsAdmin::Engine => "/admin", as: "rails_admin"
  resources :posts, only: :index
end

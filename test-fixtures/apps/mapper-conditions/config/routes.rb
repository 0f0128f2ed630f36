Rails.application.routes.draw do
  area_routes
  resources :posts, only: :index
  root "pages#home"
end

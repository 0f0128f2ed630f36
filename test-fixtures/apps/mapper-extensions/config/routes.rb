Rails.application.routes.draw do
  root "home#index"
  draw :shop
  draw :reports
  health_routes
  health_routes "status"
  resources :pages, only: :show
end

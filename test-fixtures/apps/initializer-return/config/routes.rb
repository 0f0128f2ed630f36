Rails.application.routes.draw do
  status_routes
  root "home#index"
end

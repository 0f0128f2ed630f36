Rails.application.routes.draw do
  mount PocketAdmin::Engine => "/admin"
  mount TinyDashboard::Web, at: "/dashboard"
  resources :orders
end

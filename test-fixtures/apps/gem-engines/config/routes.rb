Rails.application.routes.draw do
  mount PocketAdmin::Engine => "/admin"
  mount TinyDashboard::Web, at: "/dashboard"
  mount Pocket::Core::Engine, at: "/store"
  resources :orders
end

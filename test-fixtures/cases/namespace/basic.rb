Rails.application.routes.draw do
  namespace :admin do
    resources :articles
    root to: "dashboard#index"
  end
end

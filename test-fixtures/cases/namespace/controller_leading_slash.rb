Rails.application.routes.draw do
  namespace :admin do
    get "home", to: "/pages#home"
    resources :users, controller: "/people"
  end
end

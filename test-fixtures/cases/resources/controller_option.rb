Rails.application.routes.draw do
  resources :photos, controller: "images"
  resource :session, controller: :logins
end

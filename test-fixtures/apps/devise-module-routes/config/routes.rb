Rails.application.routes.draw do
  devise_for :users, path_names: { reauthentication: "confirm-identity" }
  devise_for :admins, controllers: { reauthentications: "admins/reauth" }
  root "home#index"
end

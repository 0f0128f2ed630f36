Rails.application.routes.draw do
  get "/", to: "pages#home", as: :home
  match "/", to: "pages#any", via: :all
  get "", to: "pages#empty"
end

Rails.application.routes.draw do
  get "profile", to: "users#show"
  post "login", to: "sessions#create", as: "login"
end

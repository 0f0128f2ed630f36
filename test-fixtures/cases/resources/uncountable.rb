Rails.application.routes.draw do
  resources :sheep
  resources :fish
  resources :police
  resources :equipment
  resources :news
end

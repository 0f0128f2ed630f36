Rails.application.routes.draw do
  resources :people
  resources :children
  resources :men
  resource :person
  resources :salespeople
end

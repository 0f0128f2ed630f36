Rails.application.routes.draw do
  resources :extras, only: :index
end

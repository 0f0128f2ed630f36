Rails.application.routes.draw do
  resources :users do
    resource :avatar
  end
end

Rails.application.routes.draw do
  resources :sheep do
    get :search, on: :collection
  end
  resources :news, only: :index
end

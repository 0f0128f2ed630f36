Rails.application.routes.draw do
  resources :photos do
    get :search, on: :collection
    resources :tags
  end
end

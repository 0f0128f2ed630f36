Rails.application.routes.draw do
  resources :photos do
    get :search, on: :collection
    get :preview, on: :member
    get :draft, on: :new
  end
end

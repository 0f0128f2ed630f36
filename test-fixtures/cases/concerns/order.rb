Rails.application.routes.draw do
  concern :searchable do
    get :search, on: :collection
  end
  resources :posts, concerns: :searchable do
    get :preview, on: :member
  end
end

Rails.application.routes.draw do
  resources :photos do
    collection do
      get :search
      post :import
    end
    member do
      get :preview
      patch :publish
    end
    new do
      get :preview
    end
  end
end

Rails.application.routes.draw do
  resources :posts do
    member do
      get :preview, as: :peek
      post :publish, as: nil
    end
    get :recent, on: :collection, as: :latest
  end
end

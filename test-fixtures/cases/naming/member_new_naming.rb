Rails.application.routes.draw do
  resources :posts do
    new do
      get :draft
      post :preview
    end
    member do
      get :history
    end
  end
  resource :session do
    new do
      get :magic
    end
  end
end

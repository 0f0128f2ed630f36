Rails.application.routes.draw do
  resource :basket do
    post :checkout
    member do
      get :summary
    end
    collection do
      get :history
    end
  end
end

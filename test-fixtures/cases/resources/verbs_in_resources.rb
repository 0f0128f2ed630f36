Rails.application.routes.draw do
  resources :photos do
    get :search
    post :rate
    delete :clear
  end
end

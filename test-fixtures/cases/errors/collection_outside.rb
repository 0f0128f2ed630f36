Rails.application.routes.draw do
  collection do
    get :search
  end
  resources :posts
end

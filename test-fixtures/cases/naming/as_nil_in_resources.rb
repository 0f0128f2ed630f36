Rails.application.routes.draw do
  resources :posts, as: nil
  resources :tags do
    get :cloud, on: :collection, as: nil
  end
end

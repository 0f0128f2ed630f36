Rails.application.routes.draw do
  resources :posts, only: []
  resources :tags, only: [] do
    get :popular, on: :collection
  end
end

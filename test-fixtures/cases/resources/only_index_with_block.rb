Rails.application.routes.draw do
  resources :posts, only: :index do
    get :drafts
    resources :tags, only: :index
  end
end

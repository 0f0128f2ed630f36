Rails.application.routes.draw do
  resources :posts do
    member do
      get :preview
    end
  resources :comments, only: [:index,
  get "about", to: "pages#about"
end

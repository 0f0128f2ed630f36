Rails.application.routes.draw do
  resources :posts, only: [:index, :show, :destroy] do
    member do
      post :publish
      get :preview
      get :stats
    end
  end
  get "about", to: "pages#about"
  get "terms", to: "pages#terms"
  get "help", to: "pages#help"
  namespace :admin do
    resources :reports, only: [:index, :show, :create]
  end
  get "export", to: "posts#export"
  root "posts#index"
end

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
  # Actions named like methods pages inherit from Rails and Ruby: `--unused` counts them as defined.
  get "status", to: "pages#status"
  get "display", to: "pages#display"
  get "notice", to: "pages#notice"
  get "missing", to: "pages#missing"
  namespace :admin do
    resources :reports, only: [:index, :show, :create]
  end
  get "export", to: "posts#export"
  root "posts#index"
end

Rails.application.routes.draw do
  root "home#index"
  resources :posts do
    resources :comments, only: [:index, :create]
    member do
      post :publish
    end
    collection { get :search }
  end
  resource :profile
  namespace :admin do
    resources :users, except: :destroy
  end
  get "about", to: "pages#about", as: :about
  get "photos/:id", to: "photos#show", id: /\d+/
  mount Sidekiq::Web => "/sidekiq"
  get "/old", to: redirect("/new")
  match "x", to: "a#b", via: [:get, :post]
  get "café", to: "a#c"
  resources :sheep
  get "*path", to: "errors#not_found"
end

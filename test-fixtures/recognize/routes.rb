Rails.application.routes.draw do
  root "home#index"
  resources :posts do
    resources :comments, only: [:index, :show]
    get :preview, on: :member
  end
  resources :files, only: :show
  resources :documents, only: :show, id: /[^\/]+/
  get "archive/:year(/:month)", to: "archive#show", year: /\d{4}/
  get "pages/*path", to: "pages#show"
  get "raw/*path", to: "raw#show", format: false
  get "search", to: "search#index", defaults: { page: "1" }
  namespace :admin do
    resources :users, only: [:index, :show]
  end
  get "photos/:id", to: "photos#show", id: /[A-Z]\d{3}/
  match "ping", to: "health#ping", via: :all
  get "café", to: "menu#show"
  post "login", to: "sessions#create"
  get "tags/:name", to: "tags#show", name: /[a-z]+/i
  get "slow/:id", to: "slow#show", constraints: { id: /(a|a)*b/ }
  get "codes/:code(/:part)", to: "codes#show", code: /(\d)(\d)/
end

resources :comments, only: :index

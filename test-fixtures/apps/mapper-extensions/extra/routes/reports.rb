resources :reports, only: :index

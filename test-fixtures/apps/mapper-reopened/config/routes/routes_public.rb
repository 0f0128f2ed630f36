resources :pages, only: %i[index show]

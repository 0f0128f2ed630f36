resources :products, only: %i[index show]

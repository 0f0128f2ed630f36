get "i", to: "i#i"
resources :inners, only: :index

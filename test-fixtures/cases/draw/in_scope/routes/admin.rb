resources :reports
get "stats", to: "stats#index"

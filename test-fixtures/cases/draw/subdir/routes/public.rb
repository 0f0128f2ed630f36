get "terms", to: "pages#terms"

resources :posts do
  resources :comments, only: [:create, :destroy]
end

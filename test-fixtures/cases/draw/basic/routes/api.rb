namespace :api do
  resources :tokens, only: :create
end

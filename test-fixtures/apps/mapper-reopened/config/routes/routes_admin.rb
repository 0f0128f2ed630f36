namespace :admin do
  resources :users, only: :index
end

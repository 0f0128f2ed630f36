namespace :admin do
  resources :users
end

namespace :admin do
  resources :users
  collection { get :oops }
end

Rails.application.routes.draw do
  base = [:index, :show]
  admin = base + [:edit, :update]
  resources :posts, only: base
  resources :users, only: admin, except: []
  resources :tags, except: base - [:show]
end

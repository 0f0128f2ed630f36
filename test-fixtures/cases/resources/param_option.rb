Rails.application.routes.draw do
  resources :users, param: :username
  resources :articles, param: :slug do
    resources :comments
  end
end

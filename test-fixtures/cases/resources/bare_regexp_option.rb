Rails.application.routes.draw do
  resources :files, id: /[^\/]+/
  resources :users, id: /\d+/ do
    resources :posts
  end
end

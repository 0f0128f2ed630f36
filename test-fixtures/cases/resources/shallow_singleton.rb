Rails.application.routes.draw do
  resources :users, shallow: true do
    resource :profile
    resources :posts
  end
end

Rails.application.routes.draw do
  resources :articles, shallow: true do
    resources :comments, shallow: false
    resources :likes
  end
end

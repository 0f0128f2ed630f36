Rails.application.routes.draw do
  concern :commentable do
    resources :comments
  end
  resources :posts do
    concerns :commentable
  end
end

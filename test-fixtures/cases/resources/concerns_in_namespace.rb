Rails.application.routes.draw do
  concern :commentable do
    resources :comments, only: :index
  end
  namespace :admin do
    resources :posts, concerns: :commentable
    concerns :commentable
  end
end

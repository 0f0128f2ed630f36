Rails.application.routes.draw do
  concern :commentable do |options|
    resources :comments, options
  end
  resources :posts do
    concerns :commentable, only: :index
  end
  resources :items, concerns: :commentable
end

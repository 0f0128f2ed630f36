Rails.application.routes.draw do
  concern :commentable do
    resources :comments
  end
  concern :image_attachable do
    resources :images, only: :index
  end
  resources :messages, concerns: :commentable
  resources :articles, concerns: [:commentable, :image_attachable]
end

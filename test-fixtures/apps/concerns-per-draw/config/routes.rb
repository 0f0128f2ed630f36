# A concern belongs to the Mapper of its draw: another draw does not have it.
Rails.application.routes.draw do
  concern :commentable do
    resources :comments, only: :index
  end
  resources :posts, only: :index, concerns: :commentable
end
Rails.application.routes.draw do
  resources :articles, only: :index, concerns: :commentable
end

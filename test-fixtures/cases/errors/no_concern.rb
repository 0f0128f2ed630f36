Rails.application.routes.draw do
  resources :posts, concerns: :commentable
end

Rails.application.routes.draw do
  concern :bad, ->(mapper) { mapper.resources :comments }
  resources :tags
  resources :posts, concerns: :bad
end

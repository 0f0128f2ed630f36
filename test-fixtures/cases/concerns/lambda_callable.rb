Rails.application.routes.draw do
  concern :archivable, ->(mapper, options) { }
  concern :taggable do
    resources :tags, only: :index
  end
  resources :posts, concerns: [:taggable]
end

class Broken
  def call(mapper)
    mapper.resources :comments
  end
end
Rails.application.routes.draw do
  concern :bad, Broken.new
  resources :tags
  resources :posts do
    concerns :bad
  end
end

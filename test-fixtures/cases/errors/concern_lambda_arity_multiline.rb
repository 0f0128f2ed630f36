Rails.application.routes.draw do
  concern :reviewable, lambda { |mapper, options, extra|
    mapper.resources :reviews
  }
  resources :posts do
    concerns :reviewable
  end
end

Rails.application.routes.draw do
  concern :pageable do
    get "page/:page", action: :index, on: :collection
  end
  concern :health do
    get "up", to: "health#up"
  end
  concerns :health
  resources :posts, concerns: :pageable
end

Rails.application.routes.draw do
  namespace :api do
    resources :posts, shallow: true do
      resources :comments
    end
  end
end

Rails.application.routes.draw do
  namespace :admin do
    resources :posts do
      resources :comments, shallow: true
    end
  end
end

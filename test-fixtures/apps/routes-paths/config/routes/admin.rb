Rails.application.routes.draw do
  namespace :admin do
    resources :posts, only: [:index, :destroy]
  end
end


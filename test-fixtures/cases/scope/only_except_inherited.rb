Rails.application.routes.draw do
  scope only: [:index, :show] do
    resources :posts
    resources :comments, only: :create
    resource :profile
  end
  scope except: :destroy do
    resources :tags
  end
end

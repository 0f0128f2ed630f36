Rails.application.routes.draw do
  # Controllers in app/controllers/public/ (the `Public::` namespace), not the root's public/ folder.
  namespace :public do
    resource :badge, only: [:show, :update]
    namespace :api do
      resources :statuses, only: :index
    end
  end
end

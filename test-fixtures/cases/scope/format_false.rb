Rails.application.routes.draw do
  scope format: false do
    resources :posts, only: [:index, :show]
  end
end

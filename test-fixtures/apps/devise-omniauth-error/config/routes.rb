Rails.application.routes.draw do
  resources :posts
  # User is not omniauthable: Devise refuses the callbacks controller.
  devise_for :users, controllers: { omniauth_callbacks: "users/omniauth_callbacks" }
end

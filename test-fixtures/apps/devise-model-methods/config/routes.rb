Rails.application.routes.draw do
  # Autolab's User: two `devise` calls, and methods whose bodies return early in one case and
  # branch after (Routemap's reader of the model decided those branches and broke the draw).
  devise_for :users, controllers: { omniauth_callbacks: "users/omniauth_callbacks" }, path_prefix: "auth"
  # A subclass of User, and a model with only Devise's base module (round 12, bugs 4 and 5).
  devise_for :admins
  devise_for :super_admins
  get "home", to: "home#index"
end

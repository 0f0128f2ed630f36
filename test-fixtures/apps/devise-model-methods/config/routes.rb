Rails.application.routes.draw do
  # Autolab's User: two `devise` calls, and methods whose bodies return early in one case and
  # branch after (Routemap's reader of the model decided those branches and broke the draw).
  devise_for :users, controllers: { omniauth_callbacks: "users/omniauth_callbacks" }, path_prefix: "auth"
  get "home", to: "home#index"
end

Rails.application.routes.draw do
  devise_for :users
  devise_for :admins
  # `Devise.sign_out_via` as the initializer sets it for the environment (armchair-dj-rails' log_out route).
  match "log_out", to: "devise/sessions#destroy", as: :log_out, via: Devise.sign_out_via
end

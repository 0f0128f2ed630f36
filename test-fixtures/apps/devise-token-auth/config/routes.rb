Rails.application.routes.draw do
  mount_devise_token_auth_for "User", at: "auth"

  namespace :api do
    scope :v1 do
      mount_devise_token_auth_for "Admin", at: "admin_auth", skip: [:omniauth_callbacks], controllers: { sessions: "api/v1/sessions" }
    end
  end
end

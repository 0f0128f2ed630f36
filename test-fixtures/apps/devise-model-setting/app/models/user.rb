# The model's modules depend on a setting an initializer makes (thing's fake_auth_enabled): the
# initializers have run when the routes load the model.
class User < ApplicationRecord
  if Rails.configuration.fake_auth_enabled
    devise :database_authenticatable, :omniauthable, omniauth_providers: [:developer]
  else
    devise :database_authenticatable, :omniauthable, omniauth_providers: [:saml]
  end
end

class User < ApplicationRecord
  # No `omniauth_providers:`: Devise.omniauth_providers, every provider config/initializers/devise.rb configures.
  devise :database_authenticatable, :omniauthable
end

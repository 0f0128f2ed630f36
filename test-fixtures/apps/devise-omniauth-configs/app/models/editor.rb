# The providers the initializer configures, as `Devise.omniauth_configs`' keys (hyacinth's).
class Editor < ApplicationRecord
  devise :database_authenticatable, :omniauthable, omniauth_providers: Devise.omniauth_configs.keys
end

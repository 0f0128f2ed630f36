class Admin < ApplicationRecord
  devise :omniauthable, :lockable, :database_authenticatable, :registerable, :recoverable,
         unlock_strategy: :time, omniauth_providers: %i[developer]
end

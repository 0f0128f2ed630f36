class Member < ApplicationRecord
  devise :database_authenticatable, :recoverable
end

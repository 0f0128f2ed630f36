class Member < ApplicationRecord
  devise :database_authenticatable, :registerable
end

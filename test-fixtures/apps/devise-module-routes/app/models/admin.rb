class Admin < ApplicationRecord
  devise :database_authenticatable, :reauthable
end

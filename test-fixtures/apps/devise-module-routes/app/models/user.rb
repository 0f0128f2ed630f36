class User < ApplicationRecord
  devise :database_authenticatable, :recoverable, :reauthable
end

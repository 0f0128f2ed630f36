class Manager < ApplicationRecord
  devise :database_authenticatable, :recoverable, :registerable, :confirmable
end

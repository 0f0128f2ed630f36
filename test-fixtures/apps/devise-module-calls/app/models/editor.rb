# The same with a constant the class body sets (outside production, registerable).
class Editor < ApplicationRecord
  SIGNUPS = !Rails.env.production?
  if SIGNUPS
    devise :database_authenticatable, :registerable
  else
    devise :database_authenticatable
  end
end

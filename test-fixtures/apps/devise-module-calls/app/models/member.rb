# frab's shape: a local the class body sets, then a condition on it around `devise` (each
# environment takes its own branch: registerable in development only).
class Member < ApplicationRecord
  allow_db = Rails.env.development?
  if allow_db
    devise :database_authenticatable, :registerable
  else
    devise :database_authenticatable
  end
end

class User
  devise :database_authenticatable, :recoverable, :registerable
end

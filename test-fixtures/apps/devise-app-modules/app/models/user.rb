class User < ApplicationRecord
  # Only modules the app adds: their routes come from the route keys `add_module` gave them.
  devise :magic, :token_login
end

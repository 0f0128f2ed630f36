# The model's Devise modules are in a file its class body loads (bluedoc's models).
class User < ApplicationRecord
  require_dependency "user/devise_dependency"
end

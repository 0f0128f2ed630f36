class Admin < ActiveRecord::Base
  extend Devise::Models
  devise :database_authenticatable, :confirmable
  include DeviseTokenAuth::Concerns::User
end

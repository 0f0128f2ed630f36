class User < ApplicationRecord
  devise :database_authenticatable, :magic_link_authenticatable, :registerable
end

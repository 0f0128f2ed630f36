class Admin < ApplicationRecord
  devise :magic_link_authenticatable, :rememberable
end

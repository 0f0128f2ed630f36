class User < ApplicationRecord
  include Authentication
end

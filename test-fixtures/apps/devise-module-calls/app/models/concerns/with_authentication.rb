module WithAuthentication
  extend ActiveSupport::Concern

  included do
    devise :database_authenticatable, :registerable
  end
end

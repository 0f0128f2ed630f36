module Writer::WithAuthentication
  extend ActiveSupport::Concern

  included do
    devise :database_authenticatable, :recoverable
  end
end

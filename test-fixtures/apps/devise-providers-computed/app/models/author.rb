# The providers computed (mise's): an expression of the class body, evaluated as `devise`'s
# module list is (developer outside production), with a constant of the class.
class Author < ApplicationRecord
  EXTRA = [:twitter].freeze
  devise :database_authenticatable, :omniauthable,
         omniauth_providers: %i[github] + [(:developer unless Rails.env.production?)].compact + EXTRA
end

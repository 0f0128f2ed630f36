class User < ApplicationRecord
  devise :database_authenticatable, :registerable,
         :recoverable, :rememberable

  devise :omniauthable, omniauth_providers: [:developer]

  def ldap_reset
    return unless email.include? "@example.edu"

    result = User.ldap_lookup(email.split("@")[0])
    if result
      self.first_name = result[:first_name]
    end
    self.first_name = "(blank)" if first_name.nil?
    save
  end

  # A callback's block, a `next` taken where Routemap cannot decide, then a branch: nothing of it
  # is the routes' (identity-management-backend's routes were all marked «only unless actor.nil?»).
  after_save do
    next if actor.nil?

    touch if saved_changes.any?
  end

  # A `devise` call in a method's body adds nothing as the class loads.
  def self.lockable!
    devise :lockable
  end
end

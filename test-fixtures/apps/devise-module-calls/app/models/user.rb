# Two `devise` calls (autolab): Devise sorts each call's modules by Devise::ALL and adds them
# after the earlier calls' (`self.devise_modules |= selected_modules`), so the OmniAuth routes of
# the second call come after the first call's passwords, registrations and confirmations.
class User < ApplicationRecord
  devise :database_authenticatable, :registerable,
         :recoverable, :rememberable, :confirmable
  # The providers frozen (zealot's `omniauth_providers: %i[…].freeze`): `freeze` returns the list.
  devise :omniauthable, omniauth_providers: %i[developer github].freeze
  # A condition the app's files decide (manyfold's `if SiteSettings.oidc_enabled?`, false here).
  devise :lockable if Rails.application.config.x.lockable
end

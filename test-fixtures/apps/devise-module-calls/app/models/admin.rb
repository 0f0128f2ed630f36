# The modules as a list the class body builds (travel-support, Portus, projectmonitor,
# PasswordPusher): `devise(*devise_modules)` reads the locals the statements before it set,
# each decided as Ruby runs them (registerable outside production, trackable never here).
class Admin < ApplicationRecord
  devise_modules = %i[database_authenticatable recoverable]
  devise_modules << :registerable unless Rails.env.production?
  devise_modules.push(:trackable) if Rails.application.config.x.lockable
  # The options last in the list, as Portus writes them: `devise` extracts them.
  devise_modules << { authentication_keys: [:email] }
  devise(*devise_modules)
end

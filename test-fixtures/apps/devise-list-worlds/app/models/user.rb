# The modules are a list the class body builds, changed under a condition Routemap cannot decide
# (the app's encrypted credentials, which it does not read; nil here, so false in Rails). Taking out
# a module that draws no route changes no route: the routes of the others are drawn, as Rails does
# either way. (A module that draws routes, taken out so: shared-mapper/test/gems.test.mjs.)
class User < ApplicationRecord
  modules = [:database_authenticatable, :validatable, :recoverable, :rememberable, { authentication_keys: [:email] }]
  modules.delete(:validatable) if Rails.application.credentials.ldap_enabled
  devise(*modules)
end

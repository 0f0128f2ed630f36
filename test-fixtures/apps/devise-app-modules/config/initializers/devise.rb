Devise.setup do |config|
  config.mailer_sender = "please-change-me@example.com"
  require "devise/orm/active_record"
end

# Modules of the app's own (lib/devise.rb `add_module`): a token login that signs in through
# Devise's sessions, and a module with its own route key whose passwords routes come after.
module Devise
  module Models
    module TokenLogin; end
    module Magic; end
  end
end
Devise.add_module(:token_login, controller: :sessions, route: :session)
Devise.add_module(:magic, route: { password: [:magic_link] })

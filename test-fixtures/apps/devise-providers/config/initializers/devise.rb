Devise.setup do |config|
  config.mailer_sender = "please-change-me@example.com"
  require "devise/orm/active_record"
  config.omniauth :developer
  # Devise keys a provider by its strategy's name: `name:` when given (Devise::OmniAuth::Config#strategy_name).
  config.omniauth :developer, name: "staff_sso"
end

Devise.setup do |config|
  config.mailer_sender = "please-change-me@example.com"
  require "devise/orm/active_record"
  # Read by Editor's `omniauth_providers: Devise.omniauth_configs.keys` (hyacinth's).
  config.omniauth :developer, fields: [:name]
  config.omniauth :staff_login, strategy_class: OmniAuth::Strategies::Developer
end

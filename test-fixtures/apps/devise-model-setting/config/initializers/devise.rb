Devise.setup do |config|
  config.mailer_sender = "please-change-me@example.com"
  require "devise/orm/active_record"
  config.omniauth :developer if Rails.configuration.fake_auth_enabled
end

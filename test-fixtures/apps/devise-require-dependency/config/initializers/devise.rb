Devise.setup do |config|
  config.mailer_sender = "please-change-me@example.com"
  require "devise/orm/active_record"
  # Only in tests: neither development nor production draws its routes.
  config.omniauth :facebook, "key", "secret" if Rails.env.test?
  unless Rails.env.test?
    config.omniauth :developer
  end
  if Rails.env.production?
    config.sign_out_via = :get
  else
    config.sign_out_via = :delete
  end
end

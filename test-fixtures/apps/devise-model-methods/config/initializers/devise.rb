Devise.setup do |config|
  config.mailer_sender = "please-change-me@example.com"
  require "devise/orm/active_record"
  config.omniauth :developer

  # A method of the initializer's own: its body runs only where it is called (never here).
  def self.extra_provider(config)
    config.omniauth :facebook, "key", "secret"
  end
end

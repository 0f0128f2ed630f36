Devise.setup do |config|
  config.mailer_sender = "shop@larder.example"
  require "devise/orm/active_record"
  config.case_insensitive_keys = [:email]
end

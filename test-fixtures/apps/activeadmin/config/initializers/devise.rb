Devise.setup do |config|
  require "devise/orm/active_record"
  config.secret_key = "0" * 64
end

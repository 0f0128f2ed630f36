# Initializers run after the environment's file: this assignment is the last.
Rails.application.config.x.support_path = "/help"
Rails.application.config.x.api_version = "#{Rails.application.config.x.api_version}-final"

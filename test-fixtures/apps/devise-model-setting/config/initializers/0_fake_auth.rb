Rails.application.config.fake_auth_enabled = true

# Files are served under /files instead of /rails/active_storage.
Rails.application.config.active_storage.routes_prefix = "/files"

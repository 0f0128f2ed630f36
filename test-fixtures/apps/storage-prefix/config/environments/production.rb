Rails.application.configure do
  config.cache_classes = true
  # Production serves blobs from the CDN: no Active Storage routes.
  config.active_storage.draw_routes = false
end

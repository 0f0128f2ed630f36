Rails.application.configure do
  config.force_ssl = true
  config.x.status_page = "/status.json"
end

Rails.application.configure do
  config.x.api_version = "v2-dev"
  config.x.status_page = "/status"
end

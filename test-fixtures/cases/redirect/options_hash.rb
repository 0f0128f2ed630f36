Rails.application.routes.draw do
  get "/stories/:name", to: redirect(path: "/articles/%{name}")
  get "/x", to: redirect(subdomain: "api", path: "/v1", status: 307)
end

Rails.application.configure do
  routes.default_scope = { path: "dev" }
end

# Values only the running app knows: what depends on them is skipped and said so, never
# drawn from the value's description; objects Rails only calls later are kept.
Rails.application.routes.draw do
  get ENV["HEALTH_PATH"], to: "health#show"
  get File.read("config/path.txt"), to: "files#show"
  get ENV.fetch("STATUS_PATH", "status") => "status#show"
  get "x/#{ENV['SUFFIX']}", to: "x#show"
  get Rails.root.join("y").to_s, to: "y#show"
  get Paths::ABOUT, to: "pages#about"
  get "version", to: "meta#version", as: ENV["VERSION_NAME"]
  get "target", to: ENV["TARGET"]
  resources ENV["RESOURCE"].to_sym
  resources SETTINGS_RESOURCE
  resources :reports, only: ENV["REPORT_ACTIONS"]
  scope ENV["LOCALE_PREFIX"] do
    resources :articles
  end
  namespace ENV["TENANT"] do
    get "dashboard", to: "dashboard#show"
  end
  %w[terms privacy].each { |page| get "#{page}#{ENV['EXT']}", to: "pages##{page}" }
  x = "/" + ENV["ROOT"]
  get x, to: "root#show"
  sitemap = File.join("https://#{ENV["BUCKET"]}.example.com", "sitemap.xml.gz")
  get "sitemap.xml.gz", to: redirect(sitemap)
  get "legacy", to: redirect(path: ENV["LEGACY_PATH"])
  get "old", to: redirect(OLD_SITE)
  resources :orders, module: TENANT_MODULE
  resources :invoices, concerns: SHARED_CONCERNS
  get "report", to: "reports#show", on: ENV["ON"]
  get "export", to: "exports#show", path: ENV["EXPORT_PATH"]
  root ENV["ROOT_TO"]
  defaults ENV["DEFAULTS"] do
    get "help", to: "help#show"
  end

  # Printed as written, with a note: the route is known, one column of it is not.
  resources :photos, only: :show, constraints: { id: ENV["PHOTO_ID"] }
  get "feed", to: "feeds#show", defaults: { format: ENV["FEED_FORMAT"] }
  resources :tags, only: :show, constraints: { id: Patterns::TAG }

  # Objects Rails keeps and calls: known enough.
  get "up", to: HealthCheck.new
  mount ActionCable.server => "/cable"
  mount rack_app, at: "/rack"
  constraints(AdminConstraint.new) { get "admin", to: "admin#index" }
  constraints(subdomain: ENV["ADMIN_SUBDOMAIN"]) { get "console", to: "console#index" }
  get "still", to: "still#drawn"
end

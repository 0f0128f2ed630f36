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

Rails.application.routes.draw do
  get "feed", to: "feeds#show", format: false
  get "report", to: "reports#show", format: true
  get "data", to: "data#show", format: "csv"
  get "sitemap.xml", to: "sitemap#show"
  get "robots.:format", to: "robots#show"
end

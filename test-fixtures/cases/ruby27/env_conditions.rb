# routemap: ENV.FEATURE=on ENV.HOST=example.org
# Environment variables both Rails and Routemap are given; and one neither is (nil).
Rails.application.routes.draw do
  get "feature", to: "a#feature" if ENV["FEATURE"] == "on"
  get "missing", to: "a#missing" if ENV["MISSING"]
  get "auth", to: "a#auth", constraints: { subdomain: ENV.fetch("AUTH_SUBDOMAIN", "auth") }
  get "host", to: "a#host", defaults: { host: ENV["HOST"] }
  if ENV["M"] == "true"
    get "thing", to: "a#one", as: :thing
  end
  unless ENV["M"] == "true"
    get "thing2", to: "a#two", as: :thing
  end
end

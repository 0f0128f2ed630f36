# An endpoint object holding a URI (a proxy to an API, as trade-tariff-frontend's
# RequestForwarder): Rails prints the object's `inspect`, the URI's among its instance
# variables. URI.parse is computed for http(s) and scheme-less text; another scheme is unknown.
require "uri"

class Forwarder
  def initialize(opts = {})
    @host = URI.parse(opts.fetch(:host))
    @base = URI(opts.fetch(:base, "/api"))
  end

  def call(_env) = [200, {}, []]
end

Rails.application.routes.draw do
  match ":endpoint/(*path)", via: :get, to: Forwarder.new(host: "http://localhost:3018")
  mount Forwarder.new(host: "https://api.example.com:443/v2", base: "/b?x=1"), at: "/proxy"
  get "legacy", to: redirect("#{URI.parse("https://example.com:8443")}/legacy")
end

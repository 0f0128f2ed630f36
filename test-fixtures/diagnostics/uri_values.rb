# URIs (core/uri.ts): an http(s) URI is computed; another scheme's class depends on the Ruby and is
# unknown, said where the endpoint that holds it is drawn; a method URI has that Routemap does not
# model is named by its class; text no URI can be raises Ruby's error.
class Forwarder
  def initialize(host)
    @host = URI.parse(host)
  end

  def call(_env) = [200, {}, []]
end

Rails.application.routes.draw do
  mount Forwarder.new("https://api.example.com"), at: "/api"
  mount Forwarder.new("wss://socket.example.com"), at: "/socket"
  get "joined", to: redirect(URI.parse("https://example.com").merge("/z").to_s)
  get "bad", to: redirect(URI.parse("https://example.com/a b").to_s)
end

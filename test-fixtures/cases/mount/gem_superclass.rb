# An object of a class that inherits a gem's (as apps subclass rack-proxy's Rack::Proxy; here
# Rack::Files, which defines `call`): Rails mounts it, and prints it by the class's own `inspect`.
# What depends on the gem's methods (an instance variable its `initialize` set, `respond_to?`)
# Routemap marks: shared-mapper/test/gemSuperclass.test.mjs.
class Downloads < Rack::Files
  def inspect = "#<Downloads>"
end

Rails.application.routes.draw do
  mount Downloads.new("public") => "/downloads"
  mount Downloads.new("exports"), at: "/exports", as: :exports
  get "home", to: "home#index"
end

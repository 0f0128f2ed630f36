# A Rack app that includes Ruby's Singleton, mounted by its `instance` (hackclub/hcb's
# SchemaEndpoint): one object, printed with its address (masked «0x…», as the oracle does).
require "singleton"

class SchemaEndpoint
  include Singleton

  def call(_env) = [200, {}, []]
end

Rails.application.routes.draw do
  mount SchemaEndpoint.instance => "/schema"
  get "same", to: "pages#same", defaults: { same: SchemaEndpoint.instance.equal?(SchemaEndpoint.instance) }
end

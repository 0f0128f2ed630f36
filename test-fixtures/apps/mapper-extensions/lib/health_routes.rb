# Routing helpers the routes call. Included after Rails' own modules (Base, HttpHelpers, …,
# Resources), it comes before them in Mapper's ancestors: its `resources` replaces Rails'
# (and calls it through `super` only for :pages).
module HealthRoutes
  def health_routes(prefix = "health")
    get "#{prefix}/ping", to: "health#ping", as: "#{prefix}_ping"
  end

  def resources(*names, **options, &block)
    return super if names == [:pages]

    get "never", to: "never#reached"
  end
end

# Routing helpers the routes call. Included after Rails' own modules (Base, HttpHelpers, …,
# Resources), it comes before them in Mapper's ancestors: its `resources` replaces Rails'.
module HealthRoutes
  def health_routes(prefix = "health")
    get "#{prefix}/ping", to: "health#ping", as: "#{prefix}_ping"
  end

  def resources(*)
    get "never", to: "never#reached"
  end
end

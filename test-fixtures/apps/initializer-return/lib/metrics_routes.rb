module MetricsRoutes
  def status_routes
    super
    get "metrics", to: "metrics#show"
  end
end

ActionDispatch::Routing::Mapper.prepend(MetricsRoutes)

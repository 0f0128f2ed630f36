module ProbeRoutes
  def status_routes
    super
    get "probe", to: "probe#show"
  end
end

ActionDispatch::Routing::Mapper.prepend(ProbeRoutes)

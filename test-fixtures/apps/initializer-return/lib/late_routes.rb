module LateRoutes
  def status_routes
    super
    get "late", to: "late#show"
  end
end

ActionDispatch::Routing::Mapper.prepend(LateRoutes)

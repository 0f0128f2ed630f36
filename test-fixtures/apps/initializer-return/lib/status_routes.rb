module StatusRoutes
  def status_routes
    get "status", to: "status#show"
  end
end

ActionDispatch::Routing::Mapper.include(StatusRoutes)

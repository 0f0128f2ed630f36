module MoreToolRoutes
  def area_routes
    get "tools/area", to: "tools#area"
  end
end

module LiveRoutes
  def area_routes
    get "live", to: "pages#live"
  end
end

module PreviewRoutes
  def area_routes
    get "preview", to: "pages#preview"
  end
end

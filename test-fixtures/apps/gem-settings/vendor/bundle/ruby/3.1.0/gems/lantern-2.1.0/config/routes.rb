Lantern.parent_engine.routes.draw do
  if Lantern.home_page
    get "/#{Lantern.home_page}", to: redirect("/")
    root to: "lantern/pages#show", id: Lantern.home_page
  end

  if Lantern.routes
    get Lantern.drawer.match_attributes
  end
end

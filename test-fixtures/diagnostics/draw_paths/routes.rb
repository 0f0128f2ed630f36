# Folders for `draw` the app adds (RouteSet#draw_paths), which Routemap does not follow: a file
# found in none it knows is said as routes missing, not as Rails' error, which Rails may not raise.
Rails.application.routes.draw_paths << Rails.root.join("config/extra")
Rails.application.routes.draw do
  draw :known
  draw :elsewhere
  resources :last, only: :index
end

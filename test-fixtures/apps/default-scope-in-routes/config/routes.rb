# A default scope set in the routes file applies to the draws after it (RouteSet#eval_block), the
# files `draw` loads with them, and `append` blocks (drawn once every routes file has run); not to
# Rails' own routes, drawn before this file runs. Set again, the later draws take the new one.
Rails.application.routes.default_scope = { module: "v1", as: "v1", path: "v1", defaults: { format: :json } }
Rails.application.routes.append do
  get "late", to: "pages#late"
end
Rails.application.routes.draw do
  resources :posts, only: :index
  draw :extra
end
Rails.application.routes.default_scope = nil
Rails.application.routes.draw do
  get "plain", to: "pages#plain"
end

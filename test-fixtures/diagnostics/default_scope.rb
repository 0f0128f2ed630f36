# `routes.default_scope = …` (RouteSet's accessor): the draws after it run inside the scope. A
# value Routemap cannot compute is said where it is set and where each draw is skipped; a route
# set Routemap does not know is said where its scope is set.
Rails.application.routes.default_scope = { path: ENV.fetch("PREFIX") }
routes_of(:admin).routes.default_scope = { module: "admin" }
Rails.application.routes.draw do
  resources :posts, only: :index
end
Rails.application.routes.default_scope = { path: "v2", as: "v2" }
Rails.application.routes.draw do
  resources :posts, only: :index
end

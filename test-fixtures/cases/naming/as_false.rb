# `as: false` (or nil) draws the route without a helper; Rails 4.0 on keep the value as the
# route's name, so the sheet's Prefix column prints `false` (RouteSet#add_route: `named_routes[name]
# = route if name`; the inspector prints `name.to_s`). Several such routes do not collide.
Rails.application.routes.draw do
  resources :posts, only: [] do
    get :draft, on: :member, as: false
    get :other, as: false
  end
  get "plain", to: "pages#plain", as: false
  get "unnamed", to: "pages#unnamed", as: nil
  root as: false, to: "pages#home"
end

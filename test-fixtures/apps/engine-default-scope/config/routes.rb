# An engine's default scope set by the app before it is mounted (Spotlight's apps set
# Blacklight's): it replaces the `{ module: }` of the engine's isolate_namespace.
Acme::Reports::Engine.routes.default_scope = { path: "(:locale)", module: "acme", defaults: { locale: nil } }
Rails.application.routes.draw do
  mount Acme::Reports::Engine, at: "/reports"
  mount Notes::Engine, at: "/notes"
  get "status", to: "status#show"
end

# Every route under an optional locale, set before any routes file runs (RouteSet#default_scope):
# Rails' own (rails/info in development) as the app's.
Rails.application.routes.default_scope = { path: "(:locale)", locale: /en|fr/ }
Rails.application.routes.append do
  get "appended", to: "pages#appended"
end

module Notes
  class Engine < ::Rails::Engine
    isolate_namespace Notes
    # Its own default scope in place of the one isolate_namespace set (Trestle's `{}`): no module.
    self.routes.default_scope = { path: "(:locale)", locale: /en|de/ }
  end
end

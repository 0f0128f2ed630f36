# The app's own changes to Rails' mapper, made as it boots: both modules come before Rails' DSL,
# whose methods live in modules Mapper includes as it is defined; `super` reaches Rails'.
ActionDispatch::Routing::Mapper.prepend(RouteFolders)
ActionDispatch::Routing::Mapper.send(:include, HealthRoutes)

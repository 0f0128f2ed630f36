# Methods defined in Rails' Mapper itself: before its modules (Rails' DSL, and HealthRoutes, included
# later), after RouteFolders (prepended). `super` goes on to HealthRoutes' `resources`, then Rails'.
class ActionDispatch::Routing::Mapper
  def resources(*names, **options, &block)
    get "#{names.first}/count", to: "#{names.first}#count", as: "#{names.first}_count"
    super
  end

  def draw_all(*names)
    names.each { |name| draw(name) }
  end
end

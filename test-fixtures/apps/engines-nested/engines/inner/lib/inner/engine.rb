module Inner
  class Engine < ::Rails::Engine
    isolate_namespace Inner
  end
end

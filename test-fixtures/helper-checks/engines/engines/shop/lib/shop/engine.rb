module Shop
  class Engine < ::Rails::Engine
    isolate_namespace Shop
  end
end

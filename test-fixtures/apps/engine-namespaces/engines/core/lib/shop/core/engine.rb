module Shop
  module Core
    class Engine < ::Rails::Engine
      isolate_namespace Shop
      engine_name "shop"
    end
  end
end

module WidgetApi
  class Engine < ::Rails::Engine
    isolate_namespace WidgetApi
  end
end

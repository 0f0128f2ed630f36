module PocketAdmin
  class Engine < ::Rails::Engine
    isolate_namespace PocketAdmin
    engine_name "pocket"
  end
end

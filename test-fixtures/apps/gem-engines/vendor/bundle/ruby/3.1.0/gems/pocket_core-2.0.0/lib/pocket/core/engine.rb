module Pocket
  module Core
    class Engine < ::Rails::Engine
      isolate_namespace Pocket
      engine_name "pocket_store"
    end
  end
end

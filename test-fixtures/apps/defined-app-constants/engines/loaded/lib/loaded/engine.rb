module Loaded
  class Engine < ::Rails::Engine
    isolate_namespace Loaded
  end
end

module Outer
  class Engine < ::Rails::Engine
    isolate_namespace Outer
  end
end

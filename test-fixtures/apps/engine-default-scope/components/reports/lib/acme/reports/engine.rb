module Acme
  module Reports
    class Engine < ::Rails::Engine
      isolate_namespace Acme
    end
  end
end

module Billing
  class Engine < ::Rails::Engine
    isolate_namespace Billing
    engine_name "payments"
  end
end

module Storefront
  class Engine < ::Rails::Engine
    isolate_namespace Storefront
  end
end

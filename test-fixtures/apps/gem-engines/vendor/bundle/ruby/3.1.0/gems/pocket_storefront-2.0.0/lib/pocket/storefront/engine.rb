module Pocket
  module Storefront
    class Engine < ::Rails::Engine
    end
  end
end

module BundleCore
  class Engine < ::Rails::Engine
  end
end

module Extras
  class Engine < ::Rails::Engine
  end
end

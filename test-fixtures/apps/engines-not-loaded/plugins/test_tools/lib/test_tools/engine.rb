module TestTools
  class Engine < ::Rails::Engine
  end
end

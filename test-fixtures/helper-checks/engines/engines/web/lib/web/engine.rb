module Web
  class Engine < ::Rails::Engine
  end
end

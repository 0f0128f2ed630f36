module Journal
  class Engine < ::Rails::Engine
    isolate_namespace Journal
  end
end

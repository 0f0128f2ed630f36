module Larder
  class Application < Rails::Application
    config.load_defaults 6.1
  end
end

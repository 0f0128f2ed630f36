module AdminTools
  # Not isolated, and its routes file draws into the app's routes.
  class Engine < ::Rails::Engine
  end
end

module Reporting
  # Not isolated, with a route set of its own that the app mounts.
  class Engine < ::Rails::Engine
  end
end

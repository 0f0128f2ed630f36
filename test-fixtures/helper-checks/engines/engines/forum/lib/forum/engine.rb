module Forum
  # Not isolated: its controllers have the app's route helpers, its own routes only through `forum.`.
  class Engine < ::Rails::Engine
  end
end

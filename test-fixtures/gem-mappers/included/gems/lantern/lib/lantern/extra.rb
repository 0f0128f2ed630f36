module Lantern
  module Extra
    def lantern_console(path = Lantern.configuration.root_path)
      get "#{path}/console", to: "lantern/console#index", as: :lantern_console
      get "lantern/console/:id", to: "lantern/console#show", as: :lantern_console_entry
    end
  end
end

module Avo
  class Engine < ::Rails::Engine
    isolate_namespace Avo

    config.to_prepare { Avo.boot }

    initializer "avo.autoload" do
      # mount_avo as avo 3.32.4 defines it: the engine at the root path, then in a scope at that
      # path the plugins' engines and the block drawn into Avo's own routes.
      ActionDispatch::Routing::Mapper.include(Module.new {
        def mount_avo(at: Avo.configuration.root_path, **options, &block)
          mount(Avo::Engine, at: at, **options)
          scope(at) do
            Avo.plugin_manager.engines.each { |engine| mount(engine[:klass], **engine[:options].dup) }
            Avo::Engine.routes.draw(&block) if block
          end
        end
      })
    end
  end
end

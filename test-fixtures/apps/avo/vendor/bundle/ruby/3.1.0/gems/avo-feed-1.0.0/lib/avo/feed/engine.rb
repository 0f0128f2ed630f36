# An Avo plugin as Avo's guides write one: its engine registers its mount on Avo's boot.
module Avo
  module Feed
    class Engine < ::Rails::Engine
      isolate_namespace Avo::Feed

      initializer "avo-feed.init" do
        ActiveSupport.on_load(:avo_boot) do
          Avo.plugin_manager.mount_engine Avo::Feed::Engine, at: "/feed"
        end
      end
    end
  end
end

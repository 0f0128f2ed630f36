require_relative "boot"

require "rails"
require "action_controller/railtie"

Bundler.require(*Rails.groups)

# Folders the configuration adds for `draw` (railties' Engine#add_routing_paths gives the app's
# route set `paths["config/routes"].paths`, config/routes first): ruby_au's, one per folder of
# sites/ (`Dir[…].select { File.directory? }`), and one written out.
module DrawFolders
  class Application < Rails::Application
    config.load_defaults 6.1
    Dir[root.join("sites/*")].select { |p| File.directory?(p) }.each do |site_path|
      config.paths["config/routes"] << "#{site_path}/config/routes"
    end
    config.paths["config/routes"] << "extra/routes"
  end
end

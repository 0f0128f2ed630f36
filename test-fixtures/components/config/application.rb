require "action_controller/railtie"

# An app with view_component's components (app/components): their classes and sidecar templates
# call the app's route helpers bare, or through `helpers` (the view context). The gem is not in
# Gemfile.lock: Debian lacks it, and Routemap reads the components' files whatever their gem.
# The app's own engine, whose views may render a component (engines/journal).
require_relative "../engines/journal/lib/journal"

module Components
  class Application < Rails::Application
  end
end

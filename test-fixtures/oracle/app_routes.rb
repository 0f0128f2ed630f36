# frozen_string_literal: true
# Boots a fixture app of test-fixtures/apps/ with Debian's real Rails (railties 6.1 and the
# gems it ships: devise, doorkeeper) and prints what `bin/rails routes` prints for it, then
# the app's URL helpers (internal routes, `direct` and gems' helpers included); or what the
# app raised while booting.
#
# Usage: ruby app_routes.rb APP_DIR ENV
# The app is copied to a temporary directory first: booting writes log/ and tmp/.
# Its config/boot.rb is replaced (no Bundler: the gems are Debian's), and `Bundler.require`
# requires the gems of Gemfile.lock's DEPENDENCIES that are installed (with a Gemfile, those of
# the groups asked for that it does not give `require: false`).
require_relative "fixture_boot"
require "json"

def recognize(routes, lines)
  stub = Class.new { def self.action_encoding_template(_action) = false }
  ActionDispatch::Request.prepend(Module.new { define_method(:controller_class_for) { |_name| stub } })
  lines.map do |line|
    verb, path = line.split(" ", 2)
    params = routes.recognize_path(path, method: verb)
    "#{line} => #{params.transform_keys(&:to_s).transform_values(&:to_s).sort.to_h.to_json}"
  rescue ActionController::RoutingError => e
    "#{line} => error: #{e.message}"
  end
end

# The routes Rails 7.1's `bin/rails routes --unused` lists (railties' UnusedRoutesCommand:
# the controller class is missing, or the action is not an instance method and has no
# template), decided here by the booted app's own classes and view paths.
def unused_routes(app)
  app.routes.routes.filter_map do |route|
    controller = route.requirements[:controller]
    action = route.requirements[:action]
    next unless controller
    klass = "#{controller.camelize}Controller".safe_constantize
    missing = klass.nil? || (
      !klass.instance_methods.include?(action.to_sym) &&
      klass.view_paths.to_a.flat_map { |path| Dir["#{File.join(path.path, controller, action)}.*"] }.none?
    )
    "#{route.verb} #{route.path.spec} #{controller}##{action}" if missing
  end
end

app_dir, env = ARGV
abort "usage: app_routes.rb APP_DIR ENV" unless app_dir && env

in_fixture_copy(app_dir, "routemap-app-oracle") do |root, tmp|
  ENV["RAILS_ENV"] = env

  require "bundler"
  lock = File.read(File.join(root, "Gemfile.lock"))
  dependencies = lock[/^DEPENDENCIES\n((?:  .*\n)*)/, 1].to_s.scan(/^  ([\w.-]+)/).flatten
  # Path gems (the app's own engines): their lib/ goes on the load path, as Bundler would put it.
  lock.scan(/^PATH\n\s+remote: (.+)$/).flatten.each { |path| $LOAD_PATH.unshift(File.join(root, path.strip, "lib")) }
  # Gems installed in the app's bundle path (vendor/bundle), as `bundle install --path` leaves them.
  Dir[File.join(root, "vendor/bundle/ruby/*/gems/*/lib")].each { |lib| $LOAD_PATH.unshift(lib) }
  # With a Gemfile, Bundler's choice: the gems of the groups asked for, less those it gives
  # `require: false` (public_app_gemfile.rb reads it as Bundler's DSL does).
  gemfile = File.join(root, "Gemfile")
  if File.exist?(gemfile)
    require_relative "public_app_gemfile"
    declared = RoutemapGemfile.read(gemfile)
  end
  Bundler.define_singleton_method(:require) do |*groups|
    names = dependencies
    if declared
      chosen = RoutemapGemfile.for_groups(declared, groups.empty? ? [:default] : groups)
      names = chosen.reject { |d| d.autorequire == false || d.autorequire == [] }.map(&:name)
    end
    (names - %w[rails bootsnap sqlite3]).each do |name|
      begin
        TOPLEVEL_BINDING.receiver.send(:require, name)
      rescue LoadError
        # Bundler's own fallback for a gem with no lib/<name>.rb: the dashes as folders
        # (active_admin-sortable_tree loads active_admin/sortable_tree).
        raise unless name.include?("-")
        TOPLEVEL_BINDING.receiver.send(:require, name.tr("-", "/"))
      end
    rescue LoadError => e
      warn "app_routes: gem #{name} is not installed (#{e.message})"
    end
  end

  require File.join(root, "config", "application")
  app = Rails.application
  app.config.eager_load = false
  app.config.logger = Logger.new(nil)
  app.config.log_level = :fatal
  app.config.paths["log"] = File.join(tmp, "log")
  begin
    app.initialize!
  rescue StandardError => e
    # What Rails raises while drawing (Devise's checks): the golden records the first line of its message.
    puts JSON.generate({ error: "#{e.class}: #{e.message}" })
    exit
  end

  require "action_dispatch/routing/inspector"
  inspector = ActionDispatch::Routing::RoutesInspector.new(app.routes.routes)
  sheet = inspector.format(ActionDispatch::Routing::ConsoleFormatter::Sheet.new)
  helpers = app.routes.url_helpers.instance_methods.map(&:to_s).grep(/_path\z/).sort

  # requests.txt (one `VERB /path` a line): what recognize_path answers. It only checks that
  # the controller class exists, and the app's controllers are not written: every one does here.
  requests = File.join(app_dir, "requests.txt")
  recognized = File.exist?(requests) ? recognize(app.routes, File.readlines(requests, chomp: true).reject(&:empty?)) : nil
  unused = File.directory?(File.join(root, "app/controllers")) ? unused_routes(app) : nil
  puts JSON.generate({ sheet: sheet, helpers: helpers, recognized: recognized, unused: unused })
end

# frozen_string_literal: true
# Boots a fixture app of test-fixtures/helper-checks/ with Debian's Rails and says, for each URL
# helper call in the templates and `# eval` lines of the controllers of its engines (engines/*/)
# and of the app, what Rails resolves it to where the file runs: the view context of the
# template's own controller (of the mailer, for a mailer's template), or an instance of the
# controller. Railties' `isolate_namespace` and actionpack's `RoutesHelpers.with` give that
# context its route set's helpers (`_routes`); `main_app` and each mount's name are
# `RouteSet::MountedHelpers`' proxies.
# For each file it also lists the helpers of each table the file reaches (receiver-less, and
# through each proxy), which the editor's completion offers.
#
# Usage: ruby engine_helpers.rb APP_DIR
# Prints, in path order:
#   `path:line: call → Set /path(.:format) controller#action = /returned/path`, `→ Set direct`
#   (a `direct` helper), or `→ undefined` (NameError or NoMethodError there); the path after `=`
#   is what the call returns there given "1" for each required part (a `_url`'s path);
#   `path: reaches receiver → Set, …` (receiver `-` for receiver-less calls);
#   `path: action reached by Set VERB /path, …` for each action of an engine's controller;
#   then for each set reached, `Set helpers: name_path name_url …`.
# `Set` is `app` for the application's route set, else the engine's class.
require "set"
require_relative "fixture_boot"

app_dir = ARGV.fetch(0)

in_fixture_copy(app_dir, "routemap-engine-helpers") do |root, tmp|
  require "rails"
  require_path_gems(root)
  require File.join(root, "config", "application")
  app = initialize_fixture_app(tmp)

  engines = ObjectSpace.each_object(Class).select { |k| k < Rails::Engine && !(k <= Rails::Application) }.sort_by(&:name)
  set_name = ->(routes) { routes.equal?(app.routes) ? "app" : (engines.find { |e| e.routes.equal?(routes) }&.name || "?") }

  # A request to `controller#action` as its first route in any set takes it: each required part given "1".
  # A route of an engine's own set is reached through the engine's one mount: the request as
  # Journey::Router#serve hands it to a mounted app (its script name the mount's path) and
  # Rails::Engine#build_request gives it on (the engine's routes, and its script name).
  instance_for = lambda do |klass, controller, action|
    instance = klass.new
    request = ActionDispatch::TestRequest.create
    set = [app, *engines].find { |s| s.routes.routes.any? { |r| r.defaults[:controller] == controller && r.defaults[:action] == action } }
    route = set&.routes&.routes&.find { |r| r.defaults[:controller] == controller && r.defaults[:action] == action }
    parts = route ? route.required_parts.to_h { |part| [part, "1"] } : {}
    request.path_parameters = { controller: controller, action: action, **parts }
    mounts = set && set != app ? app.routes.routes.select { |r| r.app.app == set } : []
    if mounts.size == 1
      request.script_name = mounts.first.path.spec.to_s
      request.routes = set.routes
      request.engine_script_name = request.script_name
    end
    instance.set_request!(request)
    instance.set_response!(klass.make_response!(request))
    instance
  end

  # The route set a context's receiver-less helpers are of, and each proxy it has.
  tables_of = lambda do |context|
    tables = { "-" => context.respond_to?(:_routes, true) ? context.send(:_routes) : nil }
    (["main_app"] + engines.filter_map { |e| app.routes.routes.find { |r| r.app.app == e }&.name }).each do |proxy|
      tables[proxy] = context.public_send(proxy).routes if context.respond_to?(proxy)
    end
    tables.compact
  end
  # What the call returns there, each required part given "1"; a `_url`'s path.
  returned = lambda do |target, name, route|
    value = target.public_send(name, *route.required_parts.map { "1" })
    name.end_with?("_url") ? URI(value).path : value
  rescue StandardError => e
    "raises #{e.class}"
  end
  resolve = lambda do |context, tables, receiver, name|
    routes = tables[receiver || "-"]
    target = receiver ? (context.respond_to?(receiver) ? context.public_send(receiver) : nil) : context
    # A proxy defines each helper called through it on RoutesProxy itself (routes_proxy.rb), so
    # after `blog.posts_path` every proxy responds to `posts_path`: its set's helpers say.
    next "undefined" unless routes && target.respond_to?(name) && (!receiver || routes.url_helpers.method_defined?(name))
    route = routes.named_routes[name.sub(/_(?:path|url)\z/, "")]
    next "#{set_name.call(routes)} direct" unless route
    value = returned.call(target, name, route)
    "#{set_name.call(routes)} #{route.path.spec} #{route.defaults[:controller]}##{route.defaults[:action]} = #{value}"
  end
  sets_reached = Set.new.compare_by_identity
  report = lambda do |path, context, lines|
    tables = tables_of.call(context)
    lines.each do |number, code|
      code.scan(/(?:\b([a-z_]\w*)\.)?\b([a-z_]\w*_(?:path|url))\b/).each do |receiver, name|
        puts "#{path}:#{number}: #{[receiver, name].compact.join(".")} → #{resolve.call(context, tables, receiver, name)}"
      end
    end
    puts "#{path}: reaches #{tables.map { |receiver, routes| "#{receiver} → #{set_name.call(routes)}" }.join(", ")}"
    sets_reached.merge(tables.values)
  end

  Dir["{,engines/*/}app/views/**/*.erb"].sort.each do |path|
    folder, file = File.split(path.sub(%r{\A(engines/[^/]+/)?app/views/}, ""))
    next if file.start_with?("_") || folder.start_with?("layouts")
    klass = folder.camelize.safe_constantize || "#{folder.camelize}Controller".safe_constantize
    next unless klass
    template = file.split(".").first
    context = klass < ActionMailer::Base ? klass.new.view_context : instance_for.call(klass, folder, template).view_context
    lines = File.readlines(path).each_with_index.flat_map { |text, i| text.scan(/<%=?(.*?)-?%>/m).flatten.map { |code| [i + 1, code] } }
    report.call(path, context, lines)
  end
  Dir["{,engines/*/}app/controllers/**/*_controller.rb"].sort.each do |path|
    controller = path.sub(%r{\A(engines/[^/]+/)?app/controllers/}, "").delete_suffix("_controller.rb")
    klass = "#{controller.camelize}Controller".safe_constantize
    lines = File.readlines(path).each_with_index.filter_map { |text, i| [i + 1, text.sub(/#.*/, "")] if text =~ /# eval$/ }
    next if !klass || lines.empty?
    action = File.read(path)[/^\s*def (\w+)/, 1]
    report.call(path, instance_for.call(klass, controller, action), lines)
  end
  # The routes that reach each action of an engine's controller, in every set (code lenses).
  Dir["engines/*/app/controllers/**/*_controller.rb"].sort.each do |path|
    controller = path.sub(%r{\Aengines/[^/]+/app/controllers/}, "").delete_suffix("_controller.rb")
    klass = "#{controller.camelize}Controller".safe_constantize
    next unless klass
    klass.action_methods.sort.each do |action|
      routes = [app, *engines].flat_map { |set| set.routes.routes.map { |r| [set_name.call(set.routes), r] } }
      reaching = routes.select { |_, r| r.defaults[:controller] == controller && r.defaults[:action] == action }
      puts "#{path}: #{action} reached by #{reaching.map { |set, r| "#{set} #{r.verb.empty? ? "ANY" : r.verb} #{r.path.spec}" }.join(", ")}"
    end
  end
  sets_reached.map { |routes| [set_name.call(routes), routes] }.sort_by(&:first).each do |name, routes|
    puts "#{name} helpers: #{routes.named_routes.helper_names.sort.join(" ")}"
  end
end

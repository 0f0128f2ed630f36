# frozen_string_literal: true
# Boots a fixture app of test-fixtures/helper-checks/ with Debian's Rails and says, for each
# template (and mailer) and each route helper with required parts, what Rails fills in where the
# file runs: the template's controller under a request to its action's route (each of the
# route's required parts given "r-<part>"), or the mailer (its `default_url_options`). The
# editor's completion snippets (server/test/completionSnippets.test.mjs) leave out only parts
# Rails fills, and take the rest in a form Rails assigns as meant.
#
# Usage: ruby snippet_parts.rb APP_DIR
# Prints, in path order, a line per file and helper:
#   `path: helper needs a b x; fills a b [recalled x]; positional without: -, a, a+b; keywords without: …`
# `needs`: the route's required parts, in order; `fills`: each required part a call leaving only it out (the others as keywords) generates with;
# `recalled x`: that its value there is the request's (not the app's URL options'); `positional
# without L`: calling with the other parts' values in the route's order gives what the same
# values as keywords give; `keywords without L`: the keyword call generates.
require_relative "fixture_boot"

app_dir = ARGV.fetch(0)

in_fixture_copy(app_dir, "routemap-snippet-parts") do |root, tmp|
  require "rails"
  require_path_gems(root)
  require File.join(root, "config", "application")
  app = initialize_fixture_app(tmp)
  # The named routes with required parts of the set a context's receiver-less helpers are of
  # (an engine's mailer: its isolated engine's, or the app's).
  routes_of = lambda do |context|
    set = context.respond_to?(:_routes) ? context._routes : app.routes
    set.named_routes.names.sort.map { |name| [name, set.named_routes[name]] }.reject { |_, r| r.required_parts.empty? }
  end

  context_of = lambda do |path|
    # An engine's mailer, or its template (engines/<name>/app/…): the mailer's own context.
    if path.start_with?("engines/") && (path.include?("/app/mailers/") || path.match?(%r{/app/views/\w+_mailer/}))
      mailer = path[%r{/app/mailers/(\w+)\.rb\z}, 1] || path[%r{/app/views/(.+)/[^/]+\z}, 1]
      klass = mailer.camelize.constantize
      next path.end_with?(".rb") ? klass.new : klass.new.view_context
    end
    # An engine's controller's template: a request to its action's route in the engine's set,
    # through the engine's one mount, as Journey hands it on (engine_helpers.rb's requests).
    if path.start_with?("engines/")
      folder, file = File.split(path.sub(%r{\Aengines/[^/]+/app/views/}, ""))
      action = file.split(".").first
      klass = "#{folder.camelize}Controller".constantize
      set = ObjectSpace.each_object(Class).select { |k| k < Rails::Engine && !(k <= Rails::Application) }.find { |e| e.routes.routes.any? { |r| r.defaults[:controller] == folder && r.defaults[:action] == action } }
      # An engine whose routes file draws into the app's set (engines/web's `routes.append`): the app's own request.
      set ||= app
      route = set.routes.routes.find { |r| r.defaults[:controller] == folder && r.defaults[:action] == action }
      request = ActionDispatch::TestRequest.create
      request.path_parameters = { controller: folder, action: action, **route.required_parts.to_h { |part| [part, "r-#{part}"] } }
      unless set.equal?(app)
        request.script_name = app.routes.routes.find { |r| r.app.app == set }.path.spec.to_s
        request.routes = set.routes
        request.engine_script_name = request.script_name
      end
      instance = klass.new
      instance.set_request!(request)
      instance.set_response!(klass.make_response!(request))
      next instance.view_context
    end
    if path.start_with?("app/mailers/")
      next File.basename(path, ".rb").camelize.constantize.new
    end
    folder, file = File.split(path.sub(%r{\Aapp/views/}, ""))
    klass = folder.camelize.safe_constantize
    next klass.new.view_context if klass && klass < ActionMailer::Base
    controller = folder
    action = file.split(".").first
    klass = "#{controller.camelize}Controller".constantize
    instance = klass.new
    request = ActionDispatch::TestRequest.create
    route = app.routes.routes.find { |r| r.defaults[:controller] == controller && r.defaults[:action] == action }
    request.path_parameters = { controller: controller, action: action, **route.required_parts.to_h { |part| [part, "r-#{part}"] } }
    instance.set_request!(request)
    instance.set_response!(klass.make_response!(request))
    instance.view_context
  end
  call = lambda do |context, name, *args, **keywords|
    context.public_send(name, *args, **keywords).then { |url| name.end_with?("_url") ? URI(url).path : url }
  rescue ActionController::UrlGenerationError
    nil
  end
  subsets = ->(parts) { (0..parts.size).flat_map { |n| parts.combination(n).to_a } }
  label = ->(set) { set.empty? ? "-" : set.join("+") }

  files = Dir["app/views/**/*.erb"].reject { |p| File.basename(p).start_with?("_") } + Dir["app/mailers/*_mailer.rb"].reject { |p| p.end_with?("application_mailer.rb") }
  # The engines' mailers and their templates, and their controllers' templates (requests through the mount).
  files += Dir["engines/*/app/mailers/*_mailer.rb"] + Dir["engines/*/app/views/**/*.erb"].reject { |p| File.basename(p).start_with?("_") }
  files.sort.each do |path|
    context = context_of.call(path)
    kind = path.match?(%r{(\A|/)app/mailers/}) || context.controller.is_a?(ActionMailer::Base) ? "_url" : "_path"
    routes_of.call(context).each do |name, route|
      helper = "#{name}#{kind}"
      required = route.required_parts
      value = ->(part) { "v-#{part}" }
      fills = required.select do |part|
        generated = call.call(context, helper, **(required - [part]).to_h { |p| [p, value.call(p)] })
        generated && !generated.include?(value.call(part))
      end
      recalled = fills.select do |part|
        generated = call.call(context, helper, **(required - [part]).to_h { |p| [p, value.call(p)] })
        generated.include?("r-#{part}")
      end
      keywords = subsets.call(fills).select { |left| call.call(context, helper, **(required - left).to_h { |p| [p, value.call(p)] }) }
      positional = keywords.select do |left|
        kept = required - left
        call.call(context, helper, *kept.map { |p| value.call(p) }) == call.call(context, helper, **kept.to_h { |p| [p, value.call(p)] })
      end
      puts "#{path}: #{helper} needs #{required.join(" ")}; fills #{fills.empty? ? "-" : fills.join(" ")}#{recalled.empty? ? "" : " [recalled #{recalled.join(" ")}]"}; " \
           "positional without: #{positional.map(&label).join(", ")}; keywords without: #{keywords.map(&label).join(", ")}"
    end
  end
end

# frozen_string_literal: true
# Boots a fixture app of test-fixtures/helper-checks/ with Debian's Rails and runs each piece of
# code its helper checks judge in the context Rails runs it in, printing whether Rails raises:
# - each ERB tag of a template (not a partial) of app/views, and each `= code` line of a Haml
#   or Slim one, in the view context of the
#   controller of that folder (its request to `controller#<template>`, the path parameters of its
#   first route, every part "1", after that action and its callbacks ran), or of the mailer of that
#   folder (a mailer's view context: no request);
# (The same of the app's engines in engines/*/.)
# - each line marked `# eval` of a test block of test/integration (its lines run in order) and
#   of an example of spec/requests (run by RSpec with the app's spec/rails_helper.rb).
# - each line of app/mailers or app/controllers marked `# eval`, in a new instance of its class
#   (a controller's with a request to the first action of the file).
# A partial is judged where a template renders it (`render` is a tag too), and each of its tags
#   with the locals a template of its folder, or one naming it in full, passes it.
#
# Usage: ruby helper_contexts.rb APP_DIR
# Prints `path:line: ok` or `path:line: raises ExceptionClass` for every piece, in path order.
require_relative "fixture_boot"

app_dir = ARGV.fetch(0)

in_fixture_copy(app_dir, "routemap-helper-oracle") do |root, tmp|
  require "rails"
  require_path_gems(root)
  require File.join(root, "config", "application")
  # Bundler would require them from the app's Gemfile: Haml registers its handler through its railtie, Slim when ActionView is loaded.
  unless Dir["app/views/**/*.haml"].empty?
    require "haml"
  end
  unless Dir["app/views/**/*.slim"].empty?
    require "action_view"
    require "slim"
  end
  app = initialize_fixture_app(tmp)

  # Models of ActiveRecord get a table each (an id, rows 1 to 3) in a database in memory.
  if defined?(ActiveRecord::Base)
    ActiveRecord::Base.establish_connection(adapter: "sqlite3", database: ":memory:")
    Dir["app/models/**/*.rb"].sort.each do |path|
      model = path.delete_prefix("app/models/").delete_suffix(".rb").camelize.constantize
      next if model.abstract_class?
      ActiveRecord::Base.connection.create_table(model.table_name)
      model.reset_column_information
      3.times { model.create! }
    end
  end

  # A request to `controller#action` as its first route takes it: each required part given "1".
  request_for = lambda do |controller, action|
    request = ActionDispatch::TestRequest.create
    route = app.routes.routes.find { |r| r.defaults[:controller] == controller && r.defaults[:action] == action }
    parts = route ? route.required_parts.to_h { |part| [part, "1"] } : {}
    request.path_parameters = { controller: controller, action: action, **parts }
    request
  end
  controller_instance = lambda do |klass, controller, action|
    instance = klass.new
    request = request_for.call(controller, action)
    instance.set_request!(request)
    instance.set_response!(klass.make_response!(request))
    instance
  end
  # The action a template is the view of, run first with its callbacks (before_action…): the
  # view gets the instance variables it sets (`view_assigns`). What it raises is not judged.
  run_action = lambda do |instance, action|
    return unless instance.class.action_methods.include?(action)
    instance.instance_variable_set(:@_action_name, action)
    instance.run_callbacks(:process_action) { instance.public_send(action) }
  rescue Exception # rubocop:disable Lint/RescueException
    nil
  end
  # A tag that opens a block (`<%= link_to(url) do %>`) is judged as the call with an empty block.
  callable = ->(code) { code.sub(/\s*\bdo\s*(\|[^|]*\|)?\s*\z/, " {}") }
  judge = lambda do |path, line, code, context|
    context.instance_eval(callable.call(code))
    puts "#{path}:#{line}: ok"
  rescue Exception => e # rubocop:disable Lint/RescueException
    # A `render` whose partial fails: what fails is judged at the partial's own lines, below.
    if e.is_a?(ActionView::Template::Error) && File.basename(e.file_name.to_s).start_with?("_")
      next puts "#{path}:#{line}: ok (renders #{e.file_name.to_s.sub(%r{\A.*?(?=app/views/)}, "")}, which fails: judged at its lines)"
    end
    puts "#{path}:#{line}: raises #{e.class}"
    warn "#{path}:#{line}: #{e.message[0, 200]}" if ENV["ORACLE_DEBUG"]
  end

  # The lines whose tags Rails runs when it renders a template whole in a context (with the
  # locals a render passes): the template with each tag other than a condition's (`if`, `unless`,
  # `elsif`, `else`, `case`, `when`, `end`) made to record its line, a block's tag to record it
  # and run its block once, rendered. A tag on a line left out sits in a branch that does not run
  # there (upcase's `<% if …ENV["ENABLE_MARKETING_REDESIGN"] %>`). nil when the render raises: then
  # every tag is judged.
  CONTROL = /\A\s*(if|unless|elsif|else|case|when|end)\b/
  # A condition's own tag, not a whole `if … then … end` in one tag (that one is judged as it is).
  control = ->(code) { code =~ CONTROL && (code.strip == "end" || code !~ /\bend\s*\z/) }
  lines_run = lambda do |path, context, locals = {}|
    source = File.read(path)
    ran = []
    marked = source.gsub(/<%(=?)(.*?)-?%>/m) do
      match = Regexp.last_match
      code = match[2]
      line = source[0...match.begin(0)].count("\n") + 1
      next match[0] if code.start_with?("#") || control.call(code)
      block = code[/\bdo\s*(\|[^|]*\|)?\s*\z/]
      block ? "<% __ran << #{line}; [nil].each #{block} %>" : "<% __ran << #{line} %>"
    end
    context.define_singleton_method(:__ran) { ran }
    begin
      context.render(inline: marked, locals: locals)
      ran
    rescue Exception # rubocop:disable Lint/RescueException
      nil
    ensure
      context.singleton_class.send(:remove_method, :__ran)
    end
  end
  view_context_for = lambda do |klass, folder, template|
    next klass.new.view_context if klass < ActionMailer::Base
    instance = controller_instance.call(klass, folder, template)
    run_action.call(instance, template)
    instance.view_context
  end
  not_run = ->(path, line) { puts "#{path}:#{line}: never runs (in a branch whose condition does not hold here)" }

  # A controller that no route of the app or of an engine reaches, nor any subclass of it: no
  # request runs its code or renders its templates in this environment (upcase's routes under
  # `if ENV[…]`). What they would raise is not judged: they never run.
  route_sets = [app, *ObjectSpace.each_object(Class).select { |k| k < Rails::Engine && !(k <= Rails::Application) }]
  routed = route_sets.flat_map { |set| set.routes.routes.to_a }.filter_map { |r| r.defaults[:controller] }.uniq
  routed = routed.filter_map { |c| "#{c.camelize}Controller".safe_constantize }
  never_runs = ->(klass) { klass < ActionController::Base && routed.none? { |c| c <= klass } }
  unrun = ->(path, line, klass) { puts "#{path}:#{line}: never runs (no route reaches #{klass})" }

  # A template an app controller's action renders by its full name (`render template:
  # "blog/posts/index"`, `render "blog/posts/index"`): there it runs in that controller's view
  # context, with that controller's helpers (an isolated engine's template rendered by the app
  # has the app's). Its tags are judged there too: a line raises if it raises in either.
  renderers = Hash.new { |h, k| h[k] = [] }
  Dir["app/controllers/**/*_controller.rb"].sort.each do |path|
    controller_path = path.delete_prefix("app/controllers/").delete_suffix("_controller.rb")
    klass = "#{controller_path.camelize}Controller".safe_constantize
    action = nil
    File.readlines(path).each do |line|
      action = Regexp.last_match(1) if line =~ /^\s*def (\w+)/
      next unless action && line =~ %r{\brender[ (]\s*(?:template:\s*)?["']([\w/]+/\w+)["']}
      renderers[Regexp.last_match(1)] << [klass, controller_path, action] if klass
    end
  end
  rendered_by = lambda do |folder, template|
    renderers["#{folder}/#{template}"].map do |klass, controller_path, action|
      controller_instance.call(klass, controller_path, action).view_context
    end
  end

  Dir["{,engines/*/}app/views/**/*.erb"].sort.each do |path|
    folder, file = File.split(path.sub(%r{\A(engines/[^/]+/)?app/views/}, ""))
    next if file.start_with?("_") || folder == "layouts" || folder.start_with?("layouts/")
    klass = folder.camelize.safe_constantize || "#{folder.camelize}Controller".safe_constantize
    next unless klass
    template = file.split(".").first
    ran = nil
    File.readlines(path).each_with_index do |text, i|
      text.scan(/<%=?(.*?)-?%>/m).flatten.each do |code|
        next if code.start_with?("#")
        next unrun.call(path, i + 1, klass) if never_runs.call(klass)
        ran ||= lines_run.call(path, view_context_for.call(klass, folder, template)) || :all
        next if control.call(code)
        next not_run.call(path, i + 1) unless ran == :all || ran.include?(i + 1)
        context =
          if klass < ActionMailer::Base
            klass.new.view_context
          else
            instance = controller_instance.call(klass, folder, template)
            run_action.call(instance, template)
            instance.view_context
          end
        # Judged where it raises, if it raises anywhere it is rendered.
        others = rendered_by.call(folder, template)
        context = ([context] + others).find do |c|
          c.instance_eval(code)
          false
        rescue Exception # rubocop:disable Lint/RescueException
          true
        end || context
        judge.call(path, i + 1, code, context)
      end
    end
  end

  # Haml and Slim templates (Debian's ruby-haml and ruby-slim, required when the app has such
  # templates): each `= code` line on its own judged where it stands, if it runs. Which run: the
  # template rendered whole with each code line that is not a condition's (`- case`, `- when`…)
  # made `- __ran << N` (its code left out, as for ERB's tags); nil when that raises (then every
  # line is judged).
  Dir["app/views/**/*.{haml,slim}"].sort.each do |path|
    folder, file = File.split(path.delete_prefix("app/views/"))
    next if file.start_with?("_") || folder == "layouts" || folder.start_with?("layouts/")
    klass = "#{folder.camelize}Controller".safe_constantize
    next unless klass
    template = file.split(".").first
    lines = File.readlines(path)
    marked = lines.each_with_index.map do |text, i|
      m = text.match(/\A(\s*)[=-]\s*(.*?)\s*\z/)
      m && !control.call(m[2]) ? "#{m[1]}- __ran << #{i + 1}\n" : text
    end.join
    ran = []
    context = view_context_for.call(klass, folder, template)
    context.define_singleton_method(:__ran) { ran }
    rendered =
      begin
        context.render(inline: marked, type: File.extname(path).delete_prefix(".").to_sym)
        ran
      rescue Exception => e # rubocop:disable Lint/RescueException
        warn "#{path}: #{e.message[0, 200]}" if ENV["ORACLE_DEBUG"]
        nil
      end
    lines.each_with_index do |text, i|
      code = text[/\A\s*=\s*(.*?)\s*\z/, 1]
      next unless code
      next unrun.call(path, i + 1, klass) if never_runs.call(klass)
      next not_run.call(path, i + 1) unless rendered.nil? || rendered.include?(i + 1)
      judge.call(path, i + 1, code, view_context_for.call(klass, folder, template))
    end
  end

  # What rendering a tag alone, inline, raises in each of `renders` ([view context, locals]): the
  # class of each exception (the cause's, where ActionView wraps it).
  raised_in = lambda do |renders, code|
    renders.filter_map do |context, locals|
      context.render(inline: "<%= #{callable.call(code)} %>", locals: locals)
      nil
    rescue Exception => e # rubocop:disable Lint/RescueException
      e.respond_to?(:cause) && e.cause && e.is_a?(ActionView::Template::Error) ? e.cause.class : e.class
    end
  end
  # A partial's tags, each judged as a template of its folder renders it (`render "links",
  # cancel_path: posts_path`, `render partial: "posts/links", locals: {…}`): that render's locals,
  # in the template's view context, the tag alone rendered inline. A line raises if it raises for
  # any of those renders; a partial no template of its folder renders is not judged here.
  # A template of another folder renders it by its full name (`render "blog/posts/teaser"`), an
  # engine's partial too from the app's views: there it runs in that template's view context.
  renders_of = lambda do |folder, name|
    Dir["{,engines/*/}app/views/**/*.erb"].sort.reject { |t| File.basename(t).start_with?("_") }.flat_map do |template_path|
      own_folder = File.dirname(template_path.sub(%r{\A(engines/[^/]+/)?app/views/}, ""))
      next [] if own_folder == "layouts" || own_folder.start_with?("layouts/")
      klass = own_folder.camelize.safe_constantize || "#{own_folder.camelize}Controller".safe_constantize
      next [] if !klass || never_runs.call(klass)
      template = File.basename(template_path).split(".").first
      named = own_folder == folder ? %r{["'](?:#{Regexp.escape(folder)}/)?#{Regexp.escape(name)}["']} : %r{["']#{Regexp.escape(folder)}/#{Regexp.escape(name)}["']}
      File.read(template_path).scan(/<%=?(.*?)-?%>/m).flatten.filter_map do |code|
        next unless code =~ /\brender\b/ && code =~ named
        context = view_context_for.call(klass, own_folder, template)
        captured = nil
        context.define_singleton_method(:render) { |*args, **kw| captured = [args, kw] and "" }
        context.instance_eval(code) rescue next
        context.singleton_class.send(:remove_method, :render)
        args, kw = captured
        locals = args.first.is_a?(String) ? kw.merge(args[1].is_a?(Hash) ? args[1] : {}) : ((args.first || kw)[:locals] || {})
        [context, locals]
      end
    end
  end
  Dir["{,engines/*/}app/views/**/_*.erb"].sort.each do |path|
    next if path =~ %r{\A(engines/[^/]+/)?app/views/layouts/}
    folder, file = File.split(path.sub(%r{\A(engines/[^/]+/)?app/views/}, ""))
    renders = renders_of.call(folder, file.delete_prefix("_").split(".").first)
    next if renders.empty?
    runs = renders.map { |context, locals| lines_run.call(path, context, locals) }
    File.readlines(path).each_with_index do |text, i|
      text.scan(/<%=?(.*?)-?%>/m).flatten.each do |code|
        next if code.start_with?("#") || control.call(code)
        next not_run.call(path, i + 1) unless runs.any? { |r| r.nil? || r.include?(i + 1) }
        raised = raised_in.call(renders, code)
        puts raised.empty? ? "#{path}:#{i + 1}: ok" : "#{path}:#{i + 1}: raises #{raised.first}"
      end
    end
  end

  # Layouts (app/views/layouts/**, not partials): the one Rails takes for each controller a route
  # reaches (`_default_layout` of an instance: its class's `layout`, inherited as a class
  # attribute, else layouts/<controller_path> up its superclasses), each tag judged in the view
  # contexts of those controllers (`yield` left out). A layout that only controllers no route
  # reaches take never runs; one no controller of the app takes is not judged.
  # A partial under layouts/ is judged where a layout renders it by its full name
  # (`render "layouts/redesign/header"`), in that layout's contexts: it never runs when they never do.
  layout_users = Hash.new { |h, k| h[k] = [] }
  Dir["app/controllers/**/*_controller.rb"].sort.each do |path|
    controller_path = path.delete_prefix("app/controllers/").delete_suffix("_controller.rb")
    klass = "#{controller_path.camelize}Controller".safe_constantize
    next unless klass && klass < ActionController::Base
    action = klass.action_methods.to_a.min || "index"
    instance = controller_instance.call(klass, controller_path, action)
    instance.instance_variable_set(:@_action_name, action)
    layout = instance.send(:_default_layout, instance.lookup_context, [:html])
    # A template found by its implied name, or the name a `layout "x"` gives (looked up when rendered).
    virtual = layout.is_a?(String) ? (layout.start_with?("layouts/") ? layout : "layouts/#{layout}") : layout.try(:virtual_path)
    layout_users[virtual] << [klass, controller_path, action] if virtual
  end
  layout_contexts = lambda do |virtual|
    reached = layout_users[virtual].select { |klass, _, _| routed.include?(klass) }
    reached.map { |klass, controller_path, action| view_context_for.call(klass, controller_path, action) }
  end
  layout_tags = lambda do |path, contexts, users, render_inline|
    runs = nil
    File.readlines(path).each_with_index do |text, i|
      text.scan(/<%=?(.*?)-?%>/m).flatten.each do |code|
        next if code.start_with?("#") || code.strip == "yield"
        next puts "#{path}:#{i + 1}: never runs (only #{users.join(", ")}, which no route reaches, take it)" if contexts.empty?
        runs ||= contexts.map { |c| lines_run.call(path, c) }
        next if control.call(code)
        next not_run.call(path, i + 1) unless runs.any? { |r| r.nil? || r.include?(i + 1) }
        if render_inline
          raised = raised_in.call(contexts.map { |c| [c, {}] }, code)
          puts raised.empty? ? "#{path}:#{i + 1}: ok" : "#{path}:#{i + 1}: raises #{raised.first}"
        else
          context = contexts.find do |c|
            c.instance_eval(code)
            false
          rescue Exception # rubocop:disable Lint/RescueException
            true
          end || contexts.first
          judge.call(path, i + 1, code, context)
        end
      end
    end
  end
  layout_files = Dir["app/views/layouts/**/*.erb"].sort.reject { |p| File.basename(p).start_with?("_") }
  virtual_of = ->(path) { path.delete_prefix("app/views/").split(".").first }
  layout_files.each do |path|
    users = layout_users[virtual_of.call(path)]
    next if users.empty?
    layout_tags.call(path, layout_contexts.call(virtual_of.call(path)), users.map(&:first), false)
  end
  Dir["app/views/layouts/**/_*.erb"].sort.each do |path|
    full = path.delete_prefix("app/views/").sub(%r{/_([^/.]+)[^/]*\z}, '/\1')
    renderers = layout_files.select { |l| File.read(l) =~ /\brender\b.*["']#{Regexp.escape(full)}["']/ }
    users = renderers.flat_map { |l| layout_users[virtual_of.call(l)].map(&:first) }
    next if users.empty?
    contexts = renderers.flat_map { |l| layout_contexts.call(virtual_of.call(l)) }
    layout_tags.call(path, contexts, users, true)
  end

  # Each line marked `# eval` of a test file, rewritten to be judged where it stands: what it
  # raises is recorded and the test goes on, as if the line had not run. Returns the marked lines.
  verdicts = {}
  judging = Module.new do
    define_method(:__routemap_judge__) do |path, line, &code|
      instance_exec(&code)
      verdicts[[path, line]] = "ok"
    rescue Exception => e # rubocop:disable Lint/RescueException
      verdicts[[path, line]] = "raises #{e.class}"
      warn "#{path}:#{line}: #{e.message[0, 200]}" if ENV["ORACLE_DEBUG"]
    end
  end
  mark = lambda do |path|
    lines = File.readlines(path)
    rewritten = lines.each_with_index.map do |text, i|
      next text unless text =~ /\A(\s*)(.*?)\s*# eval$/
      "#{Regexp.last_match(1)}__routemap_judge__(#{path.inspect}, #{i + 1}) { #{Regexp.last_match(2)} }\n"
    end
    File.write(path, rewritten.join)
    lines.each_index.select { |i| lines[i] =~ /# eval$/ }.map { |i| i + 1 }
  end
  say = lambda do |marked|
    marked.each do |path, numbers|
      numbers.each { |n| puts "#{path}:#{n}: #{verdicts.fetch([path, n], "not run (its test stopped before it)")}" }
    end
  end

  # Integration tests (test/integration/**/*_test.rb), run by Minitest as `rails test` runs them
  # (each test in a new instance of its class, its `setup` hooks first), without the app's
  # test/test_helper.rb (the fixtures have no models for its `fixtures :all`): each marked line
  # judged where it stands. Before the test's first request nothing is recalled, after one the
  # session recalls that request's path parameters.
  integration = Dir["test/integration/**/*_test.rb"].sort
  unless integration.empty?
    require "action_dispatch/testing/integration"
    require "active_support/test_case"
    $LOADED_FEATURES << "test_helper.rb"
    $LOAD_PATH.unshift(".")
    File.write("test_helper.rb", "")
  end
  marked = integration.to_h do |path|
    numbers = mark.call(path)
    before = ObjectSpace.each_object(Class).select { |k| k < ActionDispatch::IntegrationTest }
    load File.expand_path(path)
    (ObjectSpace.each_object(Class).select { |k| k < ActionDispatch::IntegrationTest } - before).each do |klass|
      klass.include(judging)
      klass.runnable_methods.sort.each do |name|
        result = klass.new(name).run
        warn "#{path}: #{name}: #{result.failures.map(&:message).join("; ")[0, 300]}" if ENV["ORACLE_DEBUG"] && !result.passed?
      end
    end
    [path, numbers]
  end
  say.call(marked)

  # Request specs (spec/requests/**/*_spec.rb), run by RSpec with rspec-rails' RequestExampleGroup
  # and the app's spec/rails_helper.rb (its support files, `config.before` hooks and included
  # modules): each line marked `# eval` is judged where it stands in its example, after the hooks,
  # `let!`s and earlier lines RSpec ran; a line that raises is judged so, and the example goes on
  # as if it had not run. A marked line the example never reached is said ("not run").
  specs = Dir["spec/requests/**/*_spec.rb"].sort
  unless specs.empty?
    require "rspec/core"
    require "stringio"
    # The app is booted: rails_helper's `require_relative "../config/environment"` loads nothing more.
    File.write(File.join(root, "config", "environment.rb"), "")
    $LOADED_FEATURES << File.join(root, "config", "environment.rb")
    marked = specs.to_h { |path| [path, mark.call(path)] }
    RSpec.configure { |config| config.include(judging) }
    out = StringIO.new
    RSpec::Core::Runner.run(["-I", "spec", *specs], out, out)
    warn out.string if ENV["ORACLE_DEBUG"]
    say.call(marked)
  end

  Dir["{,engines/*/}app/{mailers,controllers}/**/*.rb"].sort.each do |path|
    klass = path.sub(%r{\A(engines/[^/]+/)?app/(mailers|controllers)/}, "").delete_suffix(".rb").camelize.constantize
    source = File.read(path)
    action = source[/^\s*def (\w+)/, 1]
    File.readlines(path).each_with_index do |text, i|
      next unless text =~ /\A\s*(.*?)\s*# eval$/
      code = Regexp.last_match(1)
      next unrun.call(path, i + 1, klass) if never_runs.call(klass)
      context = klass < ActionMailer::Base ? klass.new : controller_instance.call(klass, klass.controller_path, action)
      judge.call(path, i + 1, code, context)
    end
  end
end

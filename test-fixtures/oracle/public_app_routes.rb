# frozen_string_literal: true
# Boots a public app's routing inputs (what scripts/compare-apps.mjs extracts: config/, lib/,
# app/**/*.rb, Gemfile, Gemfile.lock, path gems) with Debian's Rails 6.1, as `bin/rails routes`
# would, and writes as JSON what it prints (the sheet), every row with where it was declared
# and whether it depends on a stand-in, the stand-ins used (public_app_stubs.rb), and the gems
# loaded and missing. It is app_routes.rb made for apps written for other gems and Rails
# versions than Debian's; app_routes.rb stays the oracle of the fixture apps.
#
# Usage: ruby public_app_routes.rb APP_DIR ENV OUT_JSON
# APP_DIR is a scratch copy: booting writes log/ and tmp/ in it. Bundler resolves nothing (the
# gems are Debian's): config/boot.rb's `require "bundler/setup"` sets nothing up, and
# Bundler.require requires what Debian has. Ruby's stdout goes to stderr while the app boots.
require "json"
require_relative "public_app_stubs"
require_relative "public_app_gemfile"

app_dir, env, out = ARGV
abort "usage: public_app_routes.rb APP_DIR ENV OUT_JSON" unless app_dir && env && out
root = File.realpath(app_dir)
result = { stubs: {}, gems: {} }
write = -> { File.write(out, JSON.generate(result.merge(stubs: RoutemapStubs.notes))) }
$stdout = $stderr

Dir.chdir(root)
File.write(File.join(root, "config.ru"), "") unless File.exist?(File.join(root, "config.ru"))
%w[log tmp].each { |dir| Dir.mkdir(dir) unless Dir.exist?(dir) }
ENV["RAILS_ENV"] = env
ENV["SECRET_KEY_BASE"] = "0" * 64
ENV["DATABASE_URL"] = "sqlite3:tmp/routemap.sqlite3" # a path: database.yml may embed it (`url: <%= … %>`)
ENV["BUNDLE_GEMFILE"] ||= File.join(root, "Gemfile") # as `bundle exec` sets it
RoutemapStubs.root = root
require "active_support"
# Development's evented file watcher needs the `listen` gem; the routes watch no file.
begin
  require "listen"
rescue LoadError
  require "active_support/file_update_checker"
  ActiveSupport.const_set(:EventedFileUpdateChecker, ActiveSupport::FileUpdateChecker)
  RoutemapStubs.note(:config, "ActiveSupport::EventedFileUpdateChecker is the FileUpdateChecker (no `listen`)", nil)
end
# Rails 7's railties load more of Active Support's core extensions before config/application.rb
# than 6.1's (`"managed".inquiry` there); all of them are loaded at boot anyway. Loaded before
# the stand-ins: the classic autoloader's const_missing must be under the stubs' (Zeitwerk's
# take-over puts back the const_missing it found, which must be Ruby's).
require "active_support/all"
require "active_support/dependencies"
# ROUTEMAP_ZEITWERK_FIRST=1: Zeitwerk's Kernel#require (an alias of the `require` it finds, then
# a redefinition) loaded before the stand-ins' `require` is prepended. Loaded after (the default),
# an implicit namespace autoloaded while the routes draw (the real jsonapi-resources'
# `"Api::V1::CropResource".safe_constantize` in Growstuff, gitlab's `API::API` in lib/api/) was
# required as a file: LoadError for app/controllers/api; the stand-ins' `require` now hands such a
# folder to Zeitwerk as its own Kernel#require does (public_app_stubs.rb). Not the default: loaded
# first, hcb's Grape `format :json` and foodsoft's boot fail otherwise (docs/real-apps.md,
# "jsonapi-resources modelled").
require "zeitwerk" if ENV["ROUTEMAP_ZEITWERK_FIRST"] == "1"
RoutemapStubs.install!

require "bundler"
require "rails"

# Bundler.require(*groups): the Gemfile's gems of those groups that Debian has; path gems'
# lib/ on the load path, as Bundler puts it.
dependencies = File.exist?("Gemfile") ? RoutemapGemfile.read("Gemfile") : []
ROUTEMAP_DEPENDENCIES = dependencies
dependencies.each { |d| $LOAD_PATH.unshift(File.join(d.path, "lib")) if d.path }
RoutemapStubs.roots = [root, *dependencies.filter_map { |d| d.path && File.realpath(d.path) rescue nil }].uniq
locked = File.exist?("Gemfile.lock") ? File.read("Gemfile.lock").scan(/^    ([\w.-]+) \(([^)]+)\)$/).to_h : {}
# Rack is no Gemfile dependency but its constants are the app's (`Rack::Utils::HTTP_STATUS_CODES`):
# the version that ran is recorded like a loaded gem's.
require "rack"
result[:gems]["rack"] = { version: Rack.release, locked: locked["rack"] }.compact
Bundler.define_singleton_method(:setup) { |*| self }
missing = ->(path) { RoutemapStubs.notes[:requires].any? { |n| n[:text] == path } }
Bundler.define_singleton_method(:require) do |*groups|
  RoutemapGemfile.for_groups(dependencies, groups.empty? ? [:default] : groups).each do |dep|
    next if dep.autorequire == false || dep.autorequire == []
    dep.autorequire = nil if dep.autorequire == true
    paths = dep.autorequire ? Array(dep.autorequire) : [dep.name]
    # As `require` in the app (RubyGems activates the gem), not Kernel.require.
    paths.each { |path| TOPLEVEL_BINDING.receiver.send(:require, path) }
    # Bundler's fallback: `foo-bar` is also tried as `foo/bar`.
    if dep.autorequire.nil? && dep.name.include?("-") && missing.(dep.name)
      TOPLEVEL_BINDING.receiver.send(:require, dep.name.tr("-", "/"))
      RoutemapStubs.notes[:requires].reject! { |n| n[:text] == dep.name } unless missing.(dep.name.tr("-", "/"))
    end
    spec = Gem.loaded_specs[dep.name]
    if paths.any?(&missing) || (dep.autorequire.nil? && dep.name.include?("-") && missing.(dep.name.tr("-", "/")))
      (result[:gems][:missing] ||= []) << dep.name
    elsif spec
      result[:gems][dep.name] = { version: spec.version.to_s, locked: locked[dep.name] }.compact
    end
  end
end

# Rails 7.0's module-level Active Record settings (`ActiveRecord.legacy_connection_handling =`).
require "active_record"
ActiveRecord.singleton_class.prepend(Module.new do
  def method_missing(name, *args, &block)
    return super unless name.end_with?("=") && args.length == 1
    RoutemapStubs.note(:config, "ActiveRecord.#{name.to_s.chomp("=")} (Rails 7's)", nil)
    args.first
  end
end)

# Rails 7.0's `Rails.application.autoloaders` (6.1 has Rails.autoloaders).
Rails::Application.define_method(:autoloaders) { Rails.autoloaders } unless Rails::Application.method_defined?(:autoloaders)

# Configuration that Rails 7.x and 8.x apps write and Rails 6.1 lacks.
Rails::Application::Configuration.prepend(Module.new do
  def load_defaults(version)
    return super if Gem::Version.new(version.to_s) <= Gem::Version.new("6.1")
    RoutemapStubs.note(:config, "load_defaults #{version} (6.1's loaded)")
    super("6.1")
  end

  # Rails 7.1's autoload_lib (railties/lib/rails/application/configuration.rb).
  def autoload_lib(ignore:)
    RoutemapStubs.note(:config, "autoload_lib (Rails 7.1's, done here)")
    lib = root.join("lib")
    autoload_paths << lib.to_s
    eager_load_paths << lib.to_s
    Rails.autoloaders.main&.ignore(Array(ignore).map { |dir| lib.join(dir) })
  end

  def autoload_lib_once(ignore:)
    RoutemapStubs.note(:config, "autoload_lib_once (Rails 7.1's, done here)")
    lib = root.join("lib")
    autoload_once_paths << lib.to_s
    eager_load_paths << lib.to_s
    Rails.autoloaders.once&.ignore(Array(ignore).map { |dir| lib.join(dir) })
  end
end)
[Rails::Application::Configuration, Rails::Railtie::Configuration].each do |klass|
  klass.prepend(Module.new do
    def method_missing(name, *args, &block)
      super
    rescue NoMethodError => e
      raise unless e.name == name
      RoutemapStubs.note(:config, "config.#{name}")
      RoutemapStubs::StubValue.new("config.#{name}")
    end
  end)
end

# An initializer of the app's own engines (`initializer "spree.x" do … end` in a path gem) that
# raises: skipped, and said so.
Rails::Initializable::Initializer.prepend(Module.new do
  def run(*args)
    super
  rescue StandardError, ScriptError => e
    raise unless RoutemapStubs.own?(block.source_location&.first)
    RoutemapStubs.note(:initializers, "initializer #{name} (#{RoutemapStubs.app_location([Struct.new(:absolute_path, :path, :lineno).new(*block.source_location.values_at(0, 0, 1))])}): #{e.class}: #{e.message.lines.first.to_s.strip[0, 240]}", nil)
  end
end)

# An initializer that raises: the rest of its file is skipped, and said so.
Rails::Engine.prepend(Module.new do
  def load_config_initializer(initializer)
    super
  rescue StandardError, ScriptError => e
    RoutemapStubs.note(:initializers, "#{initializer.delete_prefix("#{Rails.root}/")}: #{e.class}: #{e.message.lines.first.to_s.strip[0, 240]}", nil)
  end
end)

# Framework options of later Rails versions (`config.action_controller.raise_on_missing_callback_actions`):
# the 6.1 frameworks apply every option with `send("#{key}=")` when they load, and raise on one
# they lack; this hook, registered before theirs, takes those out first. Rails 7.0's nested
# options and 7.1's lists get their defaults, so that `config.active_record.encryption.x =` and
# `config.action_mailer.preview_paths <<` work as they do there.
FRAMEWORK_OPTIONS = {
  active_record: -> { ActiveRecord::Base }, action_controller: -> { ActionController::Base },
  action_view: -> { ActionView::Base }, active_job: -> { ActiveJob::Base }, action_mailer: -> { ActionMailer::Base },
}.freeze
# (Registered once the environment file has run, before the frameworks' own hooks; a framework
# an engine loaded early runs it at once.)
ActiveSupport.on_load(:before_initialize) do
  FRAMEWORK_OPTIONS.each do |framework, target|
    next unless Rails.application.config.respond_to?(framework)
    options = Rails.application.config.public_send(framework)
    ActiveSupport.on_load(framework) do
      options.keys.each do |key|
        next if respond_to?("#{key}=") || target.call.respond_to?("#{key}=")
        RoutemapStubs.note(:config, "config.#{framework}.#{key} (not a Rails 6.1 option)", nil)
        options.delete(key)
      end
    end
  end
end
Rails::Application::Configuration.prepend(Module.new do
  def initialize(*)
    super
    active_record.encryption = ActiveSupport::OrderedOptions.new if respond_to?(:active_record)
    action_mailer.preview_paths = [] if respond_to?(:action_mailer)
    assets.excluded_paths ||= [] if respond_to?(:assets) # sprockets-rails 3.5's
  end
end)

# Blocks the app gives Rails to run later (`config.to_prepare`, `config.after_initialize`):
# one that raises is left where it raised, as an initializer is.
Rails::Railtie::Configuration.prepend(Module.new do
  # to_prepare blocks run as callbacks, on the reloader (instance_exec); the others are called.
  { to_prepare: true, after_initialize: false, before_initialize: false }.each do |hook, exec|
    define_method(hook) do |&block|
      where = RoutemapStubs.app_location(caller_locations(1, 20))
      super() do |*args|
        exec ? instance_exec(*args, &block) : block.call(*args)
      rescue StandardError, ScriptError => e
        RoutemapStubs.note(:initializers, "#{hook} block at #{where}: #{e.class}: #{e.message.lines.first.to_s.strip[0, 240]}", nil)
      end
    end
  end
end)

# The same for `app.reloader.to_prepare do … end` in the app's own engines' initializers.
ActiveSupport::Reloader.singleton_class.prepend(Module.new do
  def to_prepare(*args, &block)
    return super unless block && RoutemapStubs.own?(block.source_location&.first)
    where = "#{block.source_location.first.delete_prefix("#{RoutemapStubs.root}/")}:#{block.source_location.last}"
    super(*args) do
      instance_exec(&block)
    rescue StandardError, ScriptError => e
      RoutemapStubs.note(:initializers, "to_prepare block at #{where}: #{e.class}: #{e.message.lines.first.to_s.strip[0, 240]}", nil)
    end
  end
end)

# OmniAuth strategies of missing gems (`provider :github` without omniauth-github): a strategy
# class of that name, which adds middleware and no route.
module RoutemapOmniAuth
  def self.strategy(name)
    camel = OmniAuth::Utils.camelize(name.to_s).to_s
    return OmniAuth::Strategies.const_get(camel, false) if OmniAuth::Strategies.const_defined?(camel, false)
    RoutemapStubs.note(:constants, "OmniAuth::Strategies::#{camel} (an empty strategy)", nil)
    OmniAuth::Strategies.const_set(camel, Class.new do
      include OmniAuth::Strategy
      option :name, name.to_s
      # The real strategy's arguments (client id, secret…) are not this one's.
      def initialize(app, *_args, &block) = super(app, &block)
    end)
  end
end

# A queue adapter of a missing gem (`:solid_queue`, `:sidekiq` without sidekiq): Active Job's
# async adapter, which draws no route either.
ActiveSupport.on_load(:active_job) do
  ActiveJob::QueueAdapters.singleton_class.prepend(Module.new do
    def lookup(name)
      super
    rescue NameError, LoadError
      RoutemapStubs.note(:config, "queue adapter #{name} (the async adapter instead)", nil)
      super(:async)
    end
  end)
end

# Class macros of missing gems on models (`has_paper_trail`), as Devise loads the models.
ActiveSupport.on_load(:active_record) { RoutemapStubs.macros_of_stub(self) }

require "action_dispatch/routing/inspector"
# Routing DSL of missing gems (`mount_devise_token_auth_for`) draws nothing; where every route
# was declared (the innermost frame in the app's files).
# The note gives the lines of its block too (to its `end` at the call's indentation), where the
# routes Routemap draws for the gem are declared.
ActionDispatch::Routing::Mapper.prepend(Module.new do
  def method_missing(name, *args, **kw, &block)
    # Ruby 3.4's `it` (`.each { resources it }`) is no DSL: Ruby 3.1 raises, as here.
    return super if name == :it && args.empty? && kw.empty? && !block
    at = RoutemapStubs.app_location(caller_locations(1, 20))
    through = block && at && RoutemapStubs.block_end(at)
    RoutemapStubs.notes[:dsl] << { text: name.to_s, at: at, through: through }.compact
    nil
  end
end)
# Drawing: while the routes files are loaded (a file may test a stand-in around its `draw`).
drawing = Module.new do
  %i[eval_block load_paths].each do |m|
    define_method(m) do |*args|
      was = Thread.current[:routemap_drawing]
      Thread.current[:routemap_drawing] = true
      super(*args)
    ensure
      Thread.current[:routemap_drawing] = was
    end
  end
end
ActionDispatch::Routing::RouteSet.prepend(drawing)
Rails::Application::RoutesReloader.prepend(drawing)
ActionDispatch::Routing::RouteSet.prepend(Module.new do
  def add_route(mapping, name)
    route = super
    route.instance_variable_set(:@routemap_source, RoutemapStubs.app_location(caller_locations(1, 120)))
    route
  end
end)

# Once OmniAuth (and Devise) are loaded: by Bundler.require, or by `config.omniauth` in
# Devise's initializer.
def routemap_omniauth_stand_ins
  return if $routemap_omniauth || !defined?(OmniAuth::Builder)
  $routemap_omniauth = true
  OmniAuth::Builder.prepend(Module.new do
    def provider(klass, *args, **opts, &block)
      klass = RoutemapOmniAuth.strategy(klass) unless klass.is_a?(Class)
      super(klass, *args, **opts, &block)
    end
  end)
  return unless defined?(Devise)
  require "devise/omniauth"
  Devise::OmniAuth::Config.prepend(Module.new do
    def autoload_strategy
      super
    rescue Devise::OmniAuth::StrategyNotFound
      RoutemapOmniAuth.strategy(provider)
    end
  end)
end
ActiveSupport.on_load(:before_configuration) do
  routemap_omniauth_stand_ins
  Devise.singleton_class.prepend(Module.new do
    def omniauth(*args, **opts)
      require "devise/omniauth"
      routemap_omniauth_stand_ins
      super
    end
  end) if defined?(Devise)
end
ActiveSupport.on_load(:before_initialize) { routemap_omniauth_stand_ins }

# Doorkeeper options of later versions than Debian's (`force_pkce`, 5.6's): ignored.
ActiveSupport.on_load(:before_configuration) do
  next unless defined?(Doorkeeper::Config::Builder)
  Doorkeeper::Config::Builder.prepend(Module.new do
    def method_missing(name, *args, &block)
      super
    rescue NameError => e
      raise unless e.name == name
      RoutemapStubs.note(:config, "Doorkeeper option #{name} (not in Doorkeeper #{Doorkeeper::VERSION::STRING})", nil)
    end
  end)
end

# Devise settings of gems Debian lacks or of later versions (devise_invitable's `invite_for`,
# 4.9's `responder`): ignored, so that the rest of config/initializers/devise.rb still runs.
ActiveSupport.on_load(:before_configuration) do
  next unless defined?(Devise)
  Devise.singleton_class.prepend(Module.new do
    def method_missing(name, *args, &block)
      super
    rescue NameError => e
      raise unless e.name == name
      RoutemapStubs.note(:config, "Devise.#{name} (not a setting of Devise #{Gem.loaded_specs["devise"]&.version})", nil)
      name.end_with?("=") ? args.first : RoutemapStubs::StubValue.new("Devise.#{name}")
    end
  end)
end

# Devise modules of missing gems (`devise :invitable` without devise_invitable): an empty
# module. Their routes are missing from Rails' table; the comparison sets aside Routemap's rows
# for them (DEVISE_GEM_ROUTES in scripts/lib/realApps/compare.mjs), for each model using one.
ActiveSupport.on_load(:before_configuration) do
  next unless defined?(Devise::Models)
  Devise::Models.singleton_class.prepend(Module.new do
    def const_missing(name)
      super
    rescue NameError
      const_set(name, Module.new { extend ActiveSupport::Concern })
    end
  end)
  Devise::Models.prepend(Module.new do
    def devise(*modules)
      (modules.grep(Symbol) - Devise::ALL).each { |m| RoutemapStubs.notes[:devise] << { text: m.to_s, model: name.underscore.tr("/", "_") } }
      super
    end
  end)
end

# A cache store of a missing gem (`:redis_cache_store` without redis): the null store.
ActiveSupport::Cache.singleton_class.prepend(Module.new do
  def lookup_store(store = nil, *parameters)
    super
  rescue LoadError, RuntimeError, NameError => e
    raise unless store.is_a?(Symbol) || store.is_a?(Array)
    RoutemapStubs.note(:config, "cache store #{Array(store).first} (the null store instead: #{e.class})", nil)
    super(:null_store)
  end
end)

# concurrent-ruby 1.3's available_processor_count (Debian's is 1.1).
Concurrent.singleton_class.define_method(:available_processor_count) { processor_count } unless Concurrent.respond_to?(:available_processor_count)

# Rails 7.0's `enum :status, {…}, prefix: true` on 6.1's `enum status: {…}, _prefix: true`
# (models load while Devise draws its routes).
ActiveSupport.on_load(:active_record) do
  singleton_class.prepend(Module.new do
    def enum(name = nil, values = nil, **options)
      return super(options) if name.nil?
      return super(name.merge(options)) if name.is_a?(Hash)
      values ||= options.reject { |k, _| %i[prefix suffix scopes default validate instance_methods].include?(k) }
      opts = options.slice(:prefix, :suffix, :scopes, :default).transform_keys { |k| :"_#{k}" }
      super({ name => values }.merge(opts))
    end
  end)
end


# dotenv, which Debian lacks: a stand-in with its loading rules for plain `KEY=value` lines
# (`$(command)` is never run). Dotenv.load keeps variables already set; the railtie loads the
# root's .env files when the app's class is defined (before_configuration), the first file to
# set a variable winning.
module RoutemapDotenv
  def self.parse(file)
    File.foreach(file).filter_map do |line|
      next unless (m = line.match(/\A\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*\z/))
      value = m[2]
      quoted = value.length >= 2 && %w[" '].include?(value[0]) && value[-1] == value[0]
      [m[1], quoted ? value[1..-2] : value.sub(/\s+#.*\z/, "")]
    end
  end

  def self.load(*files, overwrite: false)
    files = [".env"] if files.empty?
    files.each do |file|
      next unless File.file?(file)
      RoutemapStubs.note(:config, "dotenv: #{file} loaded by the stand-in (dotenv is not installed)", nil)
      parse(file).each { |k, v| overwrite ? ENV[k] = v : ENV[k] ||= v }
    end
  end
end
# The app may call Dotenv.load from config/boot.rb already (samson's config/dotenv.rb).
if (dependencies.map(&:name) & %w[dotenv dotenv-rails]).any? && Gem::Specification.find_all_by_name("dotenv").empty?
  Object.const_set(:Dotenv, Module.new do
    def self.load(*files, **) = RoutemapDotenv.load(*files)
    def self.load!(*files, **) = RoutemapDotenv.load(*files)
    def self.overload(*files, **) = RoutemapDotenv.load(*files, overwrite: true)
  end)
end

# dotenv-rails, or dotenv 3 (which has the railtie in it), loads the files by itself.
dotenv_railtie = (RoutemapGemfile.for_groups(dependencies, Rails.groups).map(&:name) & %w[dotenv-rails]).any? ||
  ((RoutemapGemfile.for_groups(dependencies, Rails.groups).map(&:name) & %w[dotenv]).any? && locked["dotenv"].to_s >= "3")
ActiveSupport.on_load(:before_configuration) do
  next if !dotenv_railtie || defined?(Dotenv::Railtie)
  RoutemapDotenv.load(*[".env.#{Rails.env}.local", (".env.local" unless Rails.env.test?), ".env.#{Rails.env}", ".env"].compact)
end

begin
  require File.join(root, "config", "application")
  app = Rails.application
  app.config.eager_load = false
  app.config.logger = Logger.new(nil)
  app.config.log_level = :fatal
  app.config.paths["log"] = File.join(root, "log", "#{env}.log")
  # After the environment file: nothing is eager loaded, as in development.
  ActiveSupport.on_load(:before_initialize) { config.eager_load = false }
  if File.exist?(File.join(root, "config", "environment.rb"))
    require File.join(root, "config", "environment")
  else
    app.initialize!
  end
rescue StandardError, ScriptError => e
  where = e.backtrace&.find { |l| l.start_with?("#{root}/") }&.delete_prefix("#{root}/")
  result[:error] = "#{e.class}: #{e.message.lines.first(3).map(&:strip).join(" ")[0, 400]}#{where ? " (#{where})" : ""}"
  result[:trace] = e.backtrace&.first(30)
  write.call
  exit
end

# A route depends on a stand-in when its endpoint, a constraint or a default is one.
def depends_on_stub?(route)
  app = route.app
  parts = [app]
  if app.is_a?(ActionDispatch::Routing::Mapper::Constraints)
    parts << app.app
    parts.concat(app.constraints)
  end
  parts.concat(route.defaults.values)
  parts.concat(route.requirements.values)
  parts.any? { |p| RoutemapStubs.stub?(p) } || route.path.spec.to_s.include?("RoutemapStub")
end

# Rows as RoutesInspector#format collects them (inspector.rb: collect_routes and
# collect_engine_routes): the app's, then each mounted engine's once, under its endpoint.
def collect_rows(routes, engines, engine = nil)
  routes.map { |r| [r, ActionDispatch::Routing::RouteWrapper.new(r)] }.reject { |_r, w| w.internal? }.map do |route, wrapper|
    if wrapper.engine? && !engines.key?(wrapper.endpoint) && wrapper.rack_app.routes.is_a?(ActionDispatch::Routing::RouteSet)
      engines[wrapper.endpoint] = nil
      engines[wrapper.endpoint] = collect_rows(wrapper.rack_app.routes.routes, engines, wrapper.endpoint)
    end
    {
      name: wrapper.name.to_s, verb: wrapper.verb, path: wrapper.path, reqs: wrapper.reqs, engine: engine,
      source: route.instance_variable_get(:@routemap_source), stub: depends_on_stub?(route) || wrapper.reqs.include?("RoutemapStub"),
    }
  end
end

# Rows declared where a stand-in was used while drawing (public_app_stubs.rb, used_while_drawing).
def in_stub_range?(source)
  return false unless source
  file, line = source.split(/:(?=\d+\z)/)
  RoutemapStubs.notes[:drawing].any? do |n|
    nfile, nline = n[:at].split(/:(?=\d+\z)/)
    nfile == file && line.to_i.between?(nline.to_i, n[:through] || nline.to_i)
  end
end

begin
  engines = {}
  rows = collect_rows(Rails.application.routes.routes, engines)
  engines.each_value { |engine_rows| rows.concat(engine_rows || []) }
  # Only what routes files decided: a model Devise loads while drawing decides no route.
  route_files = rows.map { |r| r[:source]&.sub(/:\d+\z/, "") }.compact.uniq
  RoutemapStubs.notes[:drawing].select! { |n| route_files.include?(n[:at].sub(/:\d+\z/, "")) }
  rows.each { |r| r[:stub] ||= in_stub_range?(r[:source]) }
  inspector = ActionDispatch::Routing::RoutesInspector.new(Rails.application.routes.routes)
  sheet = inspector.format(ActionDispatch::Routing::ConsoleFormatter::Sheet.new)
  result[:rows] = rows
  # Thor's `say`, which bin/rails routes prints with, ends the text with a newline.
  result[:sheet] = sheet.end_with?("\n") ? sheet : "#{sheet}\n"
  result[:rails] = Rails.version
  result[:ruby] = RUBY_VERSION
rescue StandardError => e
  result[:error] = "#{e.class} while listing the routes: #{e.message.lines.first.to_s.strip[0, 400]}"
end
write.call

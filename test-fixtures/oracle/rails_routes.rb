# frozen_string_literal: true
#
# The oracle: draws a routes file with the real ActionDispatch mapper (Debian's
# ruby-actionpack, Rails 6.1) and prints, as JSON, what `bin/rails routes` prints, the
# source line of every route, and the error Rails raised, if any.
#
# Usage: ruby rails_routes.rb ROUTES_FILE [--env NAME] [--api-only] [--draw-path DIR] [-c CONTROLLER] [-g PATTERN] [--gem DIR]...
#
# `--gem DIR`: a gem's folder; its lib/ is put on the load path and lib/<name>.rb required before
# the routes are drawn, as Bundler.require does (test-fixtures/gem-mappers).
#
# It stands in for a booted app only where it must: `Rails.application.routes` is a bare
# RouteSet, unknown constants become Rack app classes, and unknown DSL methods (gems such
# as Devise) evaluate their block, which is what Routemap assumes too.

require "json"
# Loaded in every booted Rails app (railties, ActiveSupport's to_query), as the routes files find them.
require "yaml"
require "cgi"
require "pathname"
require "action_dispatch"
require "active_support/core_ext/hash/reverse_merge"
require "action_dispatch/routing/inspector"
require "active_support/core_ext/object/with_options"
require "active_support/string_inquirer"
ActiveSupport::Deprecation.silenced = true

entry = File.expand_path(ARGV.shift)
options = { env: "development", api_only: false, draw_path: File.join(File.dirname(entry), "routes"), filter: {}, gems: [] }
until ARGV.empty?
  case (flag = ARGV.shift)
  when "--env" then options[:env] = ARGV.shift
  when "--api-only" then options[:api_only] = true
  when "--draw-path" then options[:draw_path] = File.expand_path(ARGV.shift)
  when "-c" then options[:filter][:controller] = ARGV.shift
  when "-g" then options[:filter][:grep] = ARGV.shift
  when "--recognize" then options[:recognize] = ARGV.shift
  when "--generate" then options[:generate] = ARGV.shift
  when "--gem" then options[:gems] << File.expand_path(ARGV.shift)
  else abort "unknown option #{flag}"
  end
end
FIXTURE_DIR = File.dirname(entry)

config = ActionDispatch::Routing::RouteSet::Config.new(nil, options[:api_only])
ROUTE_SET = ActionDispatch::Routing::RouteSet.new_with_config(config)
ROUTE_SET.draw_paths << options[:draw_path]
DRAW_PATH = options[:draw_path]

module Rails
  class Railtie
    def self.railtie_name(name = nil)
      @railtie_name = name.to_s if name
      @railtie_name ||= ActiveSupport::Inflector.underscore(self.name).tr("/", "_")
    end
  end

  # What routing needs of railties' Rails::Engine: a route set of its own, a name, and
  # isolate_namespace's default module scope.
  class Engine < Railtie
    class << self
      alias engine_name railtie_name

      def routes
        @routes ||= ActionDispatch::Routing::RouteSet.new.tap { |set| set.draw_paths << DRAW_PATH }
      end

      def isolate_namespace(mod)
        engine_name(ActiveSupport::Inflector.underscore(mod.name).tr("/", "_"))
        routes.default_scope = { module: ActiveSupport::Inflector.underscore(mod.name) }
      end

      def call(_env) = [200, {}, []]
    end
  end
  Application = Struct.new(:routes)
end
RAILS_ENV = ActiveSupport::StringInquirer.new(options[:env])
Rails.define_singleton_method(:application) { Rails::Application.new(ROUTE_SET) }
Rails.define_singleton_method(:env) { RAILS_ENV }
Rails.define_singleton_method(:root) { Pathname.new(FIXTURE_DIR) }

# Where in the fixture a route was declared: the innermost frame in the fixture's files.
SOURCES = {}
def fixture_frame(locations)
  locations&.find { |l| (l.absolute_path || l.path).to_s.start_with?(FIXTURE_DIR + "/") }
end
ActionDispatch::Routing::RouteSet.prepend(Module.new do
  def add_route(mapping, name)
    route = super
    SOURCES[route.object_id] = fixture_frame(caller_locations)
    route
  end
end)

# recognize_path only checks that the controller class exists: every controller does here.
ActionDispatch::Request.prepend(Module.new do
  STUB_CONTROLLER = Class.new { def self.action_encoding_template(_action) = false }
  def controller_class_for(_name) = STUB_CONTROLLER
end)

# Unknown DSL methods (third-party gems) evaluate their block, as Routemap does.
ActionDispatch::Routing::Mapper.class_eval do
  def method_missing(name, *args, &block)
    instance_exec(&block) if block
    nil
  end

  def respond_to_missing?(*)
    true
  end
end

# Unknown constants are Rack application classes named as written; an unknown `X::Engine`
# is an engine isolating `X`, as generated engines are.
class Module
  def const_missing(name)
    if name == :Engine && self != Object
      engine = const_set(name, Class.new(Rails::Engine))
      engine.isolate_namespace(self)
      return engine
    end
    klass = Class.new do
      def self.call(_env) = [200, {}, []]
      def self.routes = ROUTE_SET
      def self.matches?(_request) = true
      def call(_env) = [200, {}, []]
      def matches?(_request) = true
    end
    const_set(name, klass)
  end
end

def relative(path)
  Pathname.new(path).relative_path_from(Pathname.new(FIXTURE_DIR)).to_s
end

error = nil
begin
  require "action_dispatch/routing/mapper"
  options[:gems].each do |dir|
    $LOAD_PATH.unshift(File.join(dir, "lib"))
    require File.basename(dir)
  end
  load entry
rescue Exception => e # rubocop:disable Lint/RescueException
  frame = fixture_frame(e.backtrace_locations)
  error = { class: e.class.name, message: e.message, file: frame && relative(frame.path), line: frame&.lineno }
end

inspector = ActionDispatch::Routing::RoutesInspector.new(ROUTE_SET.routes)
sheet = inspector.format(ActionDispatch::Routing::ConsoleFormatter::Sheet.new, options[:filter])
expanded = ActionDispatch::Routing::RoutesInspector.new(ROUTE_SET.routes)
  .format(ActionDispatch::Routing::ConsoleFormatter::Expanded.new(width: 80), options[:filter])
routes = ROUTE_SET.routes.reject(&:internal).map do |route|
  wrapper = ActionDispatch::Routing::RouteWrapper.new(route)
  frame = SOURCES[route.object_id]
  { name: wrapper.name, verb: wrapper.verb, path: wrapper.path, reqs: wrapper.reqs,
    file: frame && relative(frame.path), line: frame&.lineno }
end

# `--recognize FILE`: each line `VERB /path`, answered with what `recognize_path` returns.
recognized = File.readlines(options[:recognize], chomp: true).reject(&:empty?).map do |line|
  verb, path = line.split(" ", 2)
  begin
    params = ROUTE_SET.recognize_path(path, method: verb)
    { request: line, params: params.transform_keys(&:to_s).transform_values(&:to_s).sort.to_h }
  rescue ActionController::RoutingError => e
    { request: line, error: e.message }
  end
end if options[:recognize]

# `--generate FILE`: each line a URL helper call as a mailer writes it (no request to recall
# from; `default_url_options` gives only a host), answered with the URL or the error's message.
generated = (
  ROUTE_SET.default_url_options = { host: "example.com" }
  mailer = Class.new { include ROUTE_SET.url_helpers }.new
  File.readlines(options[:generate], chomp: true).reject { |l| l.empty? || l.start_with?("#") }.map do |line|
    { call: line, url: mailer.instance_eval(line) }
  rescue ActionController::UrlGenerationError => e
    { call: line, error: e.message }
  end
) if options[:generate]

# An object's address (`#<Proc:0x00007f…`) and the fixture's folder are this process's and this
# machine's, not the comparison's: masked (Routemap marks the address the same way).
mask = ->(text) { text.gsub(/(#<[A-Z][\w:]*:)0x\h+/, "\\1«0x…»").gsub("#{FIXTURE_DIR}/", "") }
sheet = mask.(sheet)
expanded = mask.(expanded)
routes.each { |r| r[:reqs] = mask.(r[:reqs]) }

puts JSON.pretty_generate(
  rails: ActionPack.version.to_s, recognized: recognized, generated: generated,
  sheet: sheet.end_with?("\n") ? sheet : "#{sheet}\n",
  expanded: expanded.end_with?("\n") ? expanded : "#{expanded}\n",
  routes: routes, error: error
)

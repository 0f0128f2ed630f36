# frozen_string_literal: true
# What public_app_routes.rb puts in place of the gems Debian does not ship, so that a public app
# boots on Debian's Rails 6.1 with its routes drawn by the real mapper. Every stand-in is
# recorded (RoutemapStubs.notes) and printed with the app's routes; a route that depends on one
# is marked, and the comparison counts it as unverifiable, never as a match.
#
# The stand-ins, each as small as it can be:
# - require: a file no installed gem provides loads nothing (`require "sidekiq/web"` is false);
# - constants: a constant that no file defines becomes a stub class (`Sidekiq::Web`), named
#   where it was referenced; it answers `call` (a Rack app, so `mount` takes it), ignores
#   `include`/`extend`, takes any `new`, and any other method gives a stub value;
# - stub values: any method gives another stub value; they print as `RoutemapStub(Receiver.method)`;
# - routing DSL a missing gem adds (`mount_devise_token_auth_for`): draws nothing, recorded
#   with its file and line (Routemap's routes declared there are unverifiable);
# - class macros a missing gem adds to models (`has_paper_trail`): do nothing;
# - configuration a missing gem or a later Rails adds (`config.importmap`, `config.autoload_lib`,
#   `config.active_record.<7.x option>=`): ignored, `autoload_lib` done as Rails 7.1 does it;
#   `load_defaults` of a version above 6.1 loads 6.1's;
# - an initializer that still raises is left where it raised (the rest of that file is skipped).
require "pathname"

module RoutemapStubs
  MACHINERY = %r{(public_app_stubs\.rb|<internal:|/rubygems/|/zeitwerk/|/active_support/dependencies|/bootsnap/)}
  CONVERSIONS = %i[to_ary to_str to_hash to_proc to_path to_io to_int to_regexp to_sym to_a to_h].freeze

  class << self
    attr_accessor :root
    # The app's own code outside its root: path gems (`gem "solidus_core", path: "../core"`).
    attr_writer :roots

    def roots = @roots || [root]

    def notes
      @notes ||= Hash.new { |h, k| h[k] = [] }
    end

    # Records a stand-in once per kind, text and place.
    def note(kind, text, location = app_location)
      entry = location ? { text: text, at: location } : { text: text }
      notes[kind] << entry unless notes[kind].include?(entry)
      true
    end

    # The innermost frame in the app's own files, as `path:line` relative to the app's root.
    def app_location(locations = caller_locations(2, 60))
      return nil unless root
      # (`draw :admin` evaluates config/routes/admin.rb as a string: its frames have only a path.)
      path = ->(l) { l.absolute_path || l.path }
      frame = locations.find { |l| own?(path.(l)) }
      frame && "#{Pathname.new(path.(frame)).relative_path_from(root)}:#{frame.lineno}"
    end

    # Whether a file is the app's own code (under its root or a path gem's), not a vendored gem.
    def own?(file)
      file && roots.any? { |r| file.start_with?("#{r}/") } && !file.include?("/vendor/bundle/")
    end

    # Whether the code asking (the first frame outside Ruby's, RubyGems', Zeitwerk's and Active
    # Support's loading machinery) is the app's own, or public_app_routes.rb's Bundler.require.
    # Libraries are left as they are: they rescue LoadError and NameError on purpose (an
    # optional C extension, `DateTime` before `require "date"`).
    def asked_by_app?(locations, bundler: false)
      frame = locations.find { |l| !MACHINERY.match?(l.path.to_s) }
      return false unless frame
      path = frame.absolute_path || frame.path
      own?(path) || (bundler && path.end_with?("/public_app_routes.rb"))
    end

    # A stand-in used while the routes are drawn (`if AppConfig.settings.terms.enable?`): the
    # routes declared on that line, and in the block it opens, depend on it.
    def used_while_drawing(text)
      return unless Thread.current[:routemap_drawing]
      at = app_location(caller_locations(2, 30))
      return unless at
      entry = { text: text, at: at }
      code = File.readlines(File.join(root, at.split(/:(?=\d+\z)/).first))[at[/\d+\z/].to_i - 1].to_s
      through = block_end(at) if code.match?(/\A\s*(if|unless|case|while|until)\b|\bdo\s*(\|[^|]*\|)?\s*\z|\{\s*(\|[^|]*\|)?\s*\z/)
      entry[:through] = through if through
      notes[:drawing] << entry unless notes[:drawing].include?(entry)
    rescue StandardError
      nil
    end

    # The line of the `end` (or `}`) closing the block opened on `path:line`, found by indentation.
    def block_end(location)
      path, line = location.split(/:(?=\d+\z)/)
      lines = File.readlines(File.join(root, path))
      indent = lines[line.to_i - 1][/\A */].length
      found = lines.each_with_index.find { |text, i| i >= line.to_i && text[/\A */].length == indent && text.strip.match?(/\A(end|\})\b/) }
      found && found[1] + 1
    rescue StandardError
      nil
    end

    # Whether the app's line names `Parent::Name` (`Rack::MiniProfiler`), or only `Name`, which
    # Ruby looks up from the class it is written in (`include Discard::Model` in `class User`):
    # a gem's constant, at the top level.
    def written_as_nested?(parent, name)
      return true if parent.equal?(Object)
      at = app_location(caller_locations(2, 30))
      return true unless at && parent.name
      file, line = at.split(/:(?=\d+\z)/)
      File.readlines(File.join(root, file))[line.to_i - 1].to_s.include?("#{parent.name.split("::").last}::#{name}")
    rescue StandardError
      true
    end

    def stub?(value)
      value.is_a?(StubValue) || (value.is_a?(Module) && value.singleton_class.include?(StubClass))
    rescue StandardError
      false
    end

    # A stub for `parent::name`, set there so that it has its name (`Sidekiq::Web`): a module
    # at the top level (gems' namespaces, which the app may reopen: `module Exercism`), a class
    # inside one (`class TimeSeries < SVG::Graph::TimeSeries`).
    def constant(parent, name)
      stub = parent.equal?(Object) ? Module.new : Class.new
      stub.extend(StubClass)
      stub.include(StubInstance) if stub.is_a?(Class)
      parent.const_set(name, stub)
      note(:constants, stub.name)
      used_while_drawing(stub.name)
      stub
    end
  end

  # Methods of the stand-ins, for classes (StubClass) and their instances (StubInstance).
  module Answers
    def call(*) = [404, { "Content-Type" => "text/plain" }, ["stub"]]

    def method_missing(name, *_args, **_kw, &_block)
      return super if CONVERSIONS.include?(name)
      RoutemapStubs.used_while_drawing("#{routemap_stub_label}.#{name}")
      StubValue.new("#{routemap_stub_label}.#{name}")
    end

    def respond_to_missing?(_name, _include_private = false) = false
  end

  module StubClass
    include Answers
    def routemap_stub_label = name
    # `Lograge::Formatters::Json`: a stub's constants are stubs, without asking the autoloader.
    def const_missing(name) = RoutemapStubs.constant(self, name)

    # A class macro of the missing gem named as a Kernel method, which method_missing never sees:
    # Grape's `format :json` in a class that inherits a stub (`class V3 < Grape::API`) would be
    # Kernel#format.
    def format(*args, **_kw, &_block) = method_missing(:format, *args)
  end

  module StubInstance
    include Answers
    def initialize(*_args, **_kw, &_block); end
    def routemap_stub_label = "#{self.class.name}#new"
    def to_s = "RoutemapStub(#{routemap_stub_label})"
    alias inspect to_s
  end

  class StubValue < BasicObject
    include ::Kernel
    include Answers

    def initialize(label)
      @label = label
    end

    def routemap_stub_label = @label
    def to_s = "RoutemapStub(#{@label})"
    # As a string it says what it is, so a route whose path or name takes it is marked.
    alias to_str to_s
    alias inspect to_s
    def is_a?(klass) = klass == StubValue || klass == ::BasicObject
    alias kind_of? is_a?
    def class = StubValue
    def nil? = false
    def !@ = false
    def respond_to?(name, _include_all = false) = %i[call to_s to_str inspect].include?(name)
    # Active Support's JSON encoder asks `as_json` until it gets a core value: a stand-in's would
    # be another stand-in, for ever (identity-idp encodes a stubbed setting while booting).
    def as_json(*) = to_s
  end

  # `include`/`extend`/`prepend` of a stub do nothing: the module is a missing gem's. The class
  # macros it would have brought (`memoize` after `extend Memoist`, Dradis' `provides`) then do
  # nothing either.
  #
  # A class among them is a stub's name that Ruby resolved to a top-level class the autoloader
  # is loading (`include GDS::SSO::User` inside `class User`): dropped too.
  module Mixins
    %i[include prepend].each do |verb|
      define_method(verb) do |*mods|
        kept = mods.reject { |m| RoutemapStubs.stub?(m) || (m.is_a?(Class) && RoutemapStubs.note(:constants, "#{verb} #{m} (a class) dropped")) }
        RoutemapStubs.macros_of_stub(self) if kept.length < mods.length
        kept.empty? ? self : super(*kept)
      end
    end
  end

  module Extend
    def extend(*mods)
      kept = mods.reject { |m| RoutemapStubs.stub?(m) }
      RoutemapStubs.macros_of_stub(self) if kept.length < mods.length
      kept.empty? ? self : super(*kept)
    end
  end

  # Unknown methods of `target` (a class, or any object) give stub values from now on.
  module StubMacros
    def method_missing(name, *args, **kw, &block)
      super
    rescue NameError => e
      raise unless e.name == name && e.receiver.equal?(self)
      RoutemapStubs.note(:macros, "#{is_a?(Module) ? self.name : self.class.name}.#{name}")
      StubValue.new("#{is_a?(Module) ? self.name : self.class.name}.#{name}")
    end
  end

  def self.macros_of_stub(target)
    target.singleton_class.prepend(StubMacros) unless target.singleton_class.include?(StubMacros)
  rescue TypeError
    nil
  end

  # A constant no file defines: a stub, where the classic autoloader and Ruby both gave up.
  # The classic autoloader asks the parents of `Rack` for `MiniProfiler` before it gives up on
  # `Rack::MiniProfiler`: only the outermost const_missing of a name makes the stub (an
  # autoloaded file may itself reference a missing constant of another name).
  module ConstMissing
    def const_missing(name)
      asking = Thread.current[:routemap_const_missing] ||= []
      asking.push(name)
      begin
        super
      rescue NameError => e
        raise unless asking.count(name) == 1 && e.name == name && RoutemapStubs.asked_by_app?(caller_locations(1, 12))
        RoutemapStubs.constant(RoutemapStubs.written_as_nested?(self, name) ? self : Object, name)
      end
    ensure
      asking.pop
    end
  end

  # `require` of a file no installed gem has: nothing is loaded.
  module Require
    def require(path)
      super
    rescue StandardError => e
      raise if !Thread.current[:routemap_drawing] || !RoutemapStubs.own?(path.to_s)
      # An app file autoloaded while the routes draw that raises under the stand-ins (hcb's
      # `class V3 < Grape::API` running the stand-in's macros): left where it raised, as an
      # initializer is, and said; what it defined before stays (a class whose parent is a stand-in).
      RoutemapStubs.note(:requires, "#{path.to_s.delete_prefix("#{Rails.root}/")} raised #{e.class}: #{e.message.lines.first.to_s.strip[0, 200]}")
      false
    rescue LoadError => e
      # An implicit namespace of Zeitwerk's (a folder without its own file, autoloaded as a
      # module: gitlab's lib/api/ holds api.rb, there is no lib/api.rb): what Zeitwerk's own
      # Kernel#require does with it (zeitwerk/kernel.rb, 2.6), which this prepend's `super` can miss.
      loader = defined?(Zeitwerk::Registry) && !path.to_s.end_with?(".rb") && Zeitwerk::Registry.loader_for(path.to_s)
      if loader
        loader.on_dir_autoloaded(path.to_s)
        return true
      end
      raise unless (e.path == path || e.message.end_with?(" -- #{path}")) && RoutemapStubs.asked_by_app?(caller_locations(1, 12), bundler: true)
      RoutemapStubs.note(:requires, path.to_s)
      false
    end
  end

  def self.install!
    Module.prepend(Mixins)
    Object.prepend(Extend)
    Module.prepend(ConstMissing)
    Kernel.prepend(Require)
    Kernel.singleton_class.prepend(Require)
  end
end

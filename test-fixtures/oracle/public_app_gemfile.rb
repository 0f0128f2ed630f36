# frozen_string_literal: true
# The gems a Gemfile asks Bundler.require to load, read by evaluating the Gemfile with a DSL of
# our own: the groups, platforms, `require:` and `path:` options Bundler's DSL (bundler/dsl.rb)
# gives each `gem`, without resolving versions (the gems are Debian's, whatever their version).
# Anything else a Gemfile may call is accepted and ignored.
class RoutemapGemfile
  Dependency = Struct.new(:name, :groups, :platforms, :autorequire, :path, keyword_init: true)

  # Bundler's platforms that MRI on Linux is (Bundler::Dependency::PLATFORM_MAP, for Ruby 3.x).
  MRI = %w[ruby mri rbx truffleruby].freeze

  attr_reader :dependencies

  def self.read(path)
    new(path).tap { |g| g.eval_gemfile(path) }.dependencies
  end

  def initialize(path)
    @root = File.dirname(File.expand_path(path))
    @dependencies = []
    @groups = []
    @platforms = []
    @paths = []
  end

  def eval_gemfile(path, contents = nil)
    full = File.expand_path(path, @root)
    instance_eval(contents || File.read(full), full)
  end

  def gem(name, *_versions, **opts)
    groups = Array(opts[:group]) + Array(opts[:groups])
    groups = @groups.flatten if groups.empty?
    groups = [:default] if groups.empty?
    platforms = (Array(opts[:platforms]) + Array(opts[:platform]) + @platforms.flatten).map(&:to_s)
    path = opts[:path] || @paths.last
    @dependencies << Dependency.new(
      name: name.to_s,
      groups: groups.map(&:to_sym),
      platforms: platforms,
      autorequire: opts.key?(:require) ? opts[:require] : nil,
      path: path && File.expand_path(path.to_s, @root),
    )
  end

  def group(*names, **_opts)
    @groups.push(names)
    yield
  ensure
    @groups.pop
  end

  def platforms(*names)
    @platforms.push(names)
    yield
  ensure
    @platforms.pop
  end
  alias platform platforms

  def path(dir, **_opts)
    @paths.push(dir)
    yield if block_given?
  ensure
    @paths.pop
  end

  def gemspec(path: ".", name: nil, development_group: :development, **_opts)
    dir = File.expand_path(path, @root)
    spec = Dir[File.join(dir, "{,*}.gemspec")].min
    return unless spec || name
    gem(name || File.basename(spec, ".gemspec"), path: dir)
  end

  def install_if(*conditions)
    yield if conditions.all? { |c| c.respond_to?(:call) ? c.call : c }
  end

  def env(name, value = nil)
    yield if value.nil? ? ENV[name.to_s] : ENV[name.to_s] == value
  end

  def source(*_args, **_opts)
    yield if block_given?
  end

  %i[git github].each do |verb|
    define_method(verb) { |*_args, **_opts, &block| block&.call }
  end

  def method_missing(_name, *_args, **_opts, &_block) = nil
  def respond_to_missing?(*) = true

  # The dependencies Bundler.require(*groups) requires on MRI, in the Gemfile's order.
  def self.for_groups(dependencies, groups)
    wanted = groups.map(&:to_sym)
    dependencies.select do |d|
      (d.groups & wanted).any? && (d.platforms.empty? || d.platforms.any? { |p| MRI.include?(p) || p.match?(/\A(mri|ruby)_\d+\z/) })
    end
  end
end

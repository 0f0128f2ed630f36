# frozen_string_literal: true
#
# The oracle for many files in one Ruby process: scripts/fuzz.mjs draws thousands of
# generated routes files, and booting Ruby with ActionDispatch for each would cost a second.
# This process boots once and draws each file in a child forked for it, with
# rails_routes.rb itself (loaded in the child, ARGV set as its command line), so every file
# is drawn exactly as `ruby rails_routes.rb FILE` draws it and nothing one file defines
# (constants, methods on Object, engines) is seen by the next.
#
# Usage: ruby --disable=error_highlight,did_you_mean rails_routes_batch.rb
#   stdin:  one JSON request a line: {"file": PATH, "env": "development", "api_only": false,
#           "vars": {"NAME": "value"}, "strict": false} (`vars` are set in the child's ENV before
#           the file is drawn; `strict` takes away two of rails_routes.rb's stand-ins, see below)
#   stdout: one JSON answer a line, in order: {"file": PATH, "sheet", "routes", "error"} as
#           rails_routes.rb prints them, or {"file": PATH, "crash": MESSAGE} when the child
#           printed no JSON (it died, or ran past the time limit).

require "json"
require "tmpdir"

ORACLE = File.join(__dir__, "rails_routes.rb")
TIME_LIMIT = Float(ENV.fetch("ROUTEMAP_FUZZ_TIME_LIMIT", "20"))

# `strict`: a method the mapper does not have raises NoMethodError, and a constant in capitals
# (a value, not an app) that is not defined raises NameError, as in an app with no gems.
# rails_routes.rb answers both with a stand-in (a gem's DSL evaluates its block, a constant is
# a Rack app), which a generated file never needs: without them, a file cut down by the fuzzer's
# shrinking that lost a method's or a constant's definition fails instead of drawing something else.
STRICT = Module.new do
  def method_missing(name, *_args)
    raise NoMethodError.new("undefined method `#{name}' for an ActionDispatch::Routing::Mapper", name)
  end
end
STRICT_CONSTANTS = Module.new do
  def const_missing(name)
    raise NameError.new("uninitialized constant #{name}", name) if name.match?(/\A[A-Z][A-Z0-9_]*\z/)

    super
  end
end

# Runs rails_routes.rb on one file in a child process; returns what the child wrote to its stdout.
def draw_in_child(file, flags, vars, strict)
  reader, writer = IO.pipe
  pid = fork do
    reader.close
    $stdout.reopen(writer)
    vars.each { |k, v| ENV[k] = v }
    if strict
      ActionDispatch::Routing::Mapper.prepend(STRICT)
      Module.prepend(STRICT_CONSTANTS)
    end
    ARGV.replace([file, *flags])
    begin
      load ORACLE
    rescue Exception => e # rubocop:disable Lint/RescueException
      warn "oracle crashed: #{e.class}: #{e.message}"
    end
    $stdout.flush
    exit!(0)
  end
  writer.close
  out = +""
  deadline = Time.now + TIME_LIMIT
  loop do
    left = deadline - Time.now
    if left <= 0 || !IO.select([reader], nil, nil, left)
      Process.kill(:KILL, pid)
      break
    end
    chunk = reader.read_nonblock(1 << 16, exception: false)
    break if chunk.nil?
    out << chunk unless chunk == :wait_readable
  end
  reader.close
  Process.wait(pid)
  out
end

# Loads, in this process, the library files a child loads while it draws a routes file that
# uses most of the DSL: each child then starts with them loaded (a fork shares them), as a
# booted app does. The files are the ones drawing would load anyway, in the same order.
def warm_up
  # What rails_routes.rb requires first, then what drawing loaded, in the order it finished loading.
  %w[json pathname action_dispatch active_support/core_ext/hash/reverse_merge action_dispatch/routing/inspector
     active_support/core_ext/object/with_options active_support/string_inquirer].each { |f| require f }
  Dir.mktmpdir("routemap-oracle-") do |dir|
    file = File.join(dir, "routes.rb")
    File.write(file, <<~RUBY)
      Rails.application.routes.draw do
        concern(:c) { resources :notes }
        resources :posts, only: [:index, :show], concerns: :c, constraints: { id: /\\d+/ } do
          member { post :publish }
          resources :comments, shallow: true
        end
        resource :profile
        namespace(:admin) { scope(module: "x", as: "y") { get "z", to: "a#b", defaults: { format: :json } } }
        constraints(->(r) { true }) { match "m", to: "a#m", via: [:get, :post] }
        get "r", to: redirect("/s"); get "q", to: redirect { |p, r| "/t" }
        mount Blog::Engine => "/blog"
        with_options(only: :index) { |o| o.resources :tags }
        root "home#index"
        "post".pluralize.underscore.camelize.tr("a", "b")
      end
    RUBY
    reader, writer = IO.pipe
    before = $LOADED_FEATURES.dup
    pid = fork do
      reader.close
      $stderr.reopen(writer)
      $stdout.reopen(File::NULL)
      ARGV.replace([file])
      load ORACLE
      warn(JSON.generate($LOADED_FEATURES - before))
      exit!(0)
    end
    writer.close
    loaded = reader.read.lines.map { |l| JSON.parse(l) rescue nil }.compact.last || []
    Process.wait(pid)
    loaded.each { |f| require f }
  end
end

warm_up
$stdout.sync = true
$stdin.each_line do |line|
  next if line.strip.empty?
  request = JSON.parse(line)
  file = request.fetch("file")
  flags = ["--env", request["env"] || "development"]
  flags << "--api-only" if request["api_only"]
  out = draw_in_child(file, flags, request["vars"] || {}, request["strict"])
  answer =
    begin
      json = JSON.parse(out)
      { file: file, sheet: json["sheet"], routes: json["routes"], error: json["error"] }
    rescue JSON::ParserError
      { file: file, crash: out.empty? ? "no answer (killed after #{TIME_LIMIT}s, or died)" : "unreadable answer: #{out[0, 200]}" }
    end
  puts JSON.generate(answer)
end

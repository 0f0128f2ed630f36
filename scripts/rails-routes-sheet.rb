# frozen_string_literal: true
#
# What `bin/rails routes` does for a routes file, without an app to boot: require Rails'
# routing (Debian's ruby-actionpack), draw the file into a route set, print the sheet.
# `npm run bench` times it as a whole process beside `routemap routes` on the same file.
#
# Usage: ruby scripts/rails-routes-sheet.rb config/routes.rb

require "action_dispatch"
require "action_dispatch/routing/inspector"

ROUTES = ActionDispatch::Routing::RouteSet.new
module Rails
  def self.application = Struct.new(:routes).new(ROUTES)
end
load File.expand_path(ARGV.fetch(0))
puts ActionDispatch::Routing::RoutesInspector.new(ROUTES.routes).format(ActionDispatch::Routing::ConsoleFormatter::Sheet.new)
# For the bench (`ROUTEMAP_TIMINGS=1`, as routemap reads it): the processor time so far, every
# thread, so that the two commands can be compared by it on a machine other work shares.
if ENV["ROUTEMAP_TIMINGS"] == "1"
  warn format("rails: processor time (ms): %.1f", Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID) * 1000)
end

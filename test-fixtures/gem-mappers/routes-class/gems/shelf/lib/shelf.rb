# A catalog gem of our own in Blacklight's shape: nothing here extends the mapper; its routes
# classes are plain classes Zeitwerk autoloads (lib/shelf/routes/*.rb), which an app names in
# its routes as a concern's callable.
require "zeitwerk"
Zeitwerk::Loader.for_gem.setup

module Shelf
end

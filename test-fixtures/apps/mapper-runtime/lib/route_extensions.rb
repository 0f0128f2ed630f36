# Required by config/initializers/route_extensions.rb as `require "route_extensions"` (Ruby's load
# path, where Rails puts lib/): it requires the file that changes Rails' mapper.
require "route_extensions/exportable"

module RouteExtensions
end

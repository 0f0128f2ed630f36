require "route_extensions"

# A `return` of its own at the top level ends the file too.
return if Rails.env.development?

require "probe_routes"

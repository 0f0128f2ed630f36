require "web/engine"

module Web
end

require "blog/engine"

module Blog
end

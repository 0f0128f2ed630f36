require "forum/engine"

module Forum
end

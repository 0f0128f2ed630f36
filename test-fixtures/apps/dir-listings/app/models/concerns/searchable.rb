module Searchable
end

require "shop/engine"

module Shop
end

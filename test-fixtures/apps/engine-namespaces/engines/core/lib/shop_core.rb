require "shop/core/engine"

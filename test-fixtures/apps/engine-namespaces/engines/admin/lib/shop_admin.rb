require "shop/admin/engine"

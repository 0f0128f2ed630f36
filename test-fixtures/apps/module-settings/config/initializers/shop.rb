Shop.admin_path = "/backoffice"
Shop.beta = ENV.fetch("SHOP_BETA", "yes") == "yes"
Shop.legacy = false

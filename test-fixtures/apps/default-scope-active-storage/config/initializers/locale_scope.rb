# A default scope around Active Storage's routes file too, whose `direct` calls Rails then refuses.
Rails.application.routes.default_scope = { path: "(:locale)", locale: /en|fr/ }

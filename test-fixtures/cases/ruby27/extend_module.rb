# A DSL of the routes file's own (issue 27 §7): a module extended into the mapper.
module AdminRoutes
  def admin_resources(name, &block)
    namespace :admin do
      resources name, &block
    end
  end

  def redirect(path, options = { prefix: "/gov" })
    super(options[:prefix] + path)
  end
end
Rails.application.routes.draw do
  extend AdminRoutes
  admin_resources :products do
    collection { put :discontinue }
  end
  root to: redirect("/admin/")
end

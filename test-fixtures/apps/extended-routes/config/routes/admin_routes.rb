# Ruby calls `extended` with the mapper when the draw block extends it; the block runs on it.
module AdminRoutes
  def self.extended(router)
    router.instance_exec do
      scope module: :admin, path: "admin" do
        resources :jobs, only: %i[index show]
      end
    end
  end
end

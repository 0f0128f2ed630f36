module ApiRoutes
  def self.extended(router)
    router.instance_exec(:v1) do |version|
      namespace :api do
        namespace version do
          resources :trainees, only: :index
        end
      end
    end
  end
end

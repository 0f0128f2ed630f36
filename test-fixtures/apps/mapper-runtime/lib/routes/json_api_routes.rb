# Included into Rails' mapper by config/routes.rb itself, above its draw block.
module Routes
  module JsonApiRoutes
    def json_api_resources(path, &block)
      resources(path, only: %i[index show]) do
        get :count, on: :collection
        instance_eval(&block) if block
      end
    end
  end
end

# Adds two methods to Rails' mapper: one taking keywords, one an options Hash.
module Beacon
  module Routing
    def beacon_routes(at: "beacon", **options)
      get "#{at}/status", to: "beacon/status#show", as: :beacon_status, **options
      get "#{at}/ping", to: "beacon/status#ping", as: :beacon_ping, **options
    end

    def beacon_admin(options = {})
      scope options.fetch(:path, "beacon_admin"), as: options[:as] || "beacon_admin" do
        resources :signals, only: %i[index show], constraints: options[:constraints] || {}
      end
    end
  end
end

ActionDispatch::Routing::Mapper.include(Beacon::Routing)

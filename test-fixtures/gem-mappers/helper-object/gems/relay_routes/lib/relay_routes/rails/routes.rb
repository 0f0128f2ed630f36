require "relay_routes/rails/mapping"

module RelayRoutes
  module Rails
    class Routes
      module Helper
        def use_relay(options = {}, &block)
          RelayRoutes::Rails::Routes.new(self, &block).generate!(options)
        end
      end

      def self.install!
        ActionDispatch::Routing::Mapper.send(:include, RelayRoutes::Rails::Routes::Helper)
      end

      attr_reader :routes

      def initialize(routes, &block)
        @routes = routes
        @mapping = Mapping.new
        @mapping.instance_eval(&block) if block
      end

      def generate!(options)
        routes.scope options[:scope] || "relay", as: "relay" do
          map_route(:inbox) { routes.resources :messages, only: %i[index create] }
          map_route(:outbox) { routes.get "sent", to: "relay/sent#index", as: :sent }
        end
      end

      private

      def map_route(name)
        return if @mapping.skipped.include?(name)

        routes.scope controller: "relay/#{name}" do
          yield
        end
      end
    end
  end
end

RelayRoutes::Rails::Routes.install!

module Shelf
  module Routes
    # The search pages of a catalog: `concern :browsable, Shelf::Routes::Browsable.new(…)`, then
    # `concerns :browsable` inside the resource that serves them.
    class Browsable
      def initialize(defaults = {})
        @defaults = defaults
      end

      def call(mapper, options = {})
        options = @defaults.merge(options)
        mapper.match "/", action: "index", as: "browse", via: [:get, :post]
        mapper.get "lookup"
        mapper.get "shelf/:id", action: "shelf", as: "shelf", defaults: { layout: options.fetch(:layout, "wide") }
        mapper.post ":id/mark", action: "mark", as: "mark"
        mapper.get ":id/plain", action: "plain", as: "plain", defaults: { format: "txt" }
      end
    end
  end
end

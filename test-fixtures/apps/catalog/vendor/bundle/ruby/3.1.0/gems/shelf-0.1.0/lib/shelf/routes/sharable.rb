module Shelf
  module Routes
    # Sending a record or a list away, on members and on the collection.
    class Sharable
      def initialize(defaults = {})
        @defaults = defaults
      end

      def call(mapper, options = {})
        options = @defaults.merge(options)
        unless options[:only] == :collection
          mapper.member do
            mapper.match "mail", via: [:get, :post]
            mapper.get "cite"
          end
        end
        unless options[:only] == :member
          mapper.collection do
            mapper.match "mail", via: [:get, :post]
            mapper.get "cite"
          end
        end
      end
    end
  end
end

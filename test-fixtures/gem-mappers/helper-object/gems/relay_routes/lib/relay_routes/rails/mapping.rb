module RelayRoutes
  module Rails
    class Mapping
      attr_reader :skipped

      def initialize
        @skipped = []
      end

      def skip(*names)
        @skipped.concat(names)
      end
    end
  end
end

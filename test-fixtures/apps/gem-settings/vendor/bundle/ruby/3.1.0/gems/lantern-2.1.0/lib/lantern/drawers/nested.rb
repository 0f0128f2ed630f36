module Lantern
  module Drawers
    # Pages under the content path: /docs/intro.
    class Nested
      def self.match_attributes
        { "/#{Lantern.content_path}*id" => "lantern/pages#show", as: :lantern_page, format: false }
      end
    end
  end
end

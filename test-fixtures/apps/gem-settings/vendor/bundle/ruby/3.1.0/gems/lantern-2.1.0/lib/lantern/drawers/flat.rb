module Lantern
  module Drawers
    # Pages at the top: /intro, named after the content path's folder.
    class Flat
      def self.match_attributes
        { "/*id" => "lantern/pages#show", as: "#{Lantern.content_path.delete("/")}_page", format: false }
      end
    end
  end
end

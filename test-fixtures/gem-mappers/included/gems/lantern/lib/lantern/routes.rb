module Lantern
  module Routes
    def lantern_for(*names, only: nil)
      names.each do |name|
        scope path: "lantern", as: "lantern" do
          resources name, only: only || %i[index show]
        end
      end
    end
  end
end

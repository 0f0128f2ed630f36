module Routes
  module Archivable
    def archivable
      post :archive, on: :member
    end
  end
end

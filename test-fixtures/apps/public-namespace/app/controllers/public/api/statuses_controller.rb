module Public
  module Api
    class StatusesController < ApplicationController
      def index
        head :ok
      end
    end
  end
end

module Api
  module V2
    class MeController < ApplicationController
      def show
      end

      def update
      end
    end
  end
end

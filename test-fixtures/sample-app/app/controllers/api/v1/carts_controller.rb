module Api
  module V1
    class CartsController < ApplicationController
      def show
      end

      def update
      end
    end
  end
end

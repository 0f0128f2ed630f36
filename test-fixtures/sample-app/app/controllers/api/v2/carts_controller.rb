module Api
  module V2
    class CartsController < ApplicationController
      def show
      end

      def update
      end

      def destroy
      end
    end
  end
end

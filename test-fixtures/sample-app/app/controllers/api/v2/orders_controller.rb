module Api
  module V2
    class OrdersController < ApplicationController
      def cancel
      end

      def index
      end

      def create
      end

      def show
      end
    end
  end
end

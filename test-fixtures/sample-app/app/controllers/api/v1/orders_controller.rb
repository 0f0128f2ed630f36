module Api
  module V1
    class OrdersController < ApplicationController
      def index
      end

      def create
      end

      def show
      end
    end
  end
end

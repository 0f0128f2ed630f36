module Api
  module V2
    class LineItemsController < ApplicationController
      def index
      end

      def create
      end

      def update
      end

      def destroy
      end
    end
  end
end

module Api
  module V2
    class ReviewsController < ApplicationController
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

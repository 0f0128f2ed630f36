module Api
  module V1
    class ReviewsController < ApplicationController
      def index
      end

      def create
      end
    end
  end
end

module Api
  module V1
    class ProductsController < ApplicationController
      def index
      end

      def show
      end
    end
  end
end

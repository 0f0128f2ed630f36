module Api
  module V2
    class ProductsController < ApplicationController
      def index
      end

      def show
      end
    end
  end
end

module Api
  module V2
    class CategoriesController < ApplicationController
      def index
      end

      def show
      end
    end
  end
end

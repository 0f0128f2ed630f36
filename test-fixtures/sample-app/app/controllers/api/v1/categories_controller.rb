module Api
  module V1
    class CategoriesController < ApplicationController
      def index
      end
    end
  end
end

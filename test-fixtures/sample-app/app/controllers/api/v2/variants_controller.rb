module Api
  module V2
    class VariantsController < ApplicationController
      def index
      end

      def show
      end
    end
  end
end

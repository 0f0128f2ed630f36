module Api
  module V2
    class DeliveriesController < ApplicationController
      def index
      end

      def show
      end
    end
  end
end

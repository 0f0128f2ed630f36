module Api
  module V2
    class PaymentsController < ApplicationController
      def show
      end

      def create
      end
    end
  end
end

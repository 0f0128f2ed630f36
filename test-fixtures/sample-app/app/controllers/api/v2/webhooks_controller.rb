module Api
  module V2
    class WebhooksController < ApplicationController
      def ping
      end

      def index
      end

      def create
      end

      def show
      end

      def update
      end

      def destroy
      end
    end
  end
end

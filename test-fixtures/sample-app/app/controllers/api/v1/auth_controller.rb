module Api
  module V1
    class AuthController < ApplicationController
      def token
      end

      def revoke
      end
    end
  end
end

module Api
  class ErrorsController < ApplicationController
    def not_found
    end
  end
end

module Admin
  class CustomersController < ApplicationController
    def index
    end

    def show
    end
  end
end

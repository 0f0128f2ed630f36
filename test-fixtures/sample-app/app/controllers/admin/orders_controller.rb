module Admin
  class OrdersController < ApplicationController
    def export
    end

    def index
    end

    def show
    end

    def update
    end
  end
end

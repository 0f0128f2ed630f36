module Admin
  class ReportsController < ApplicationController
    def sales
    end

    def inventory
    end

    def customers
    end
  end
end

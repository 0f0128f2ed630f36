module Admin
  class DashboardController < ApplicationController
    def show
    end
  end
end

module Admin
  class ReportsController < ApplicationController
    def index; end
    alias_method :show, :index
  end
end

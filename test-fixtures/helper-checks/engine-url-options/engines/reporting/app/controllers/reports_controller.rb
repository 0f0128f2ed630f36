class ReportsController < ApplicationController
  def show; end
end

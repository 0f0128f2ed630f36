class Admin::ReportsController < ApplicationController
  def index; end
  def show; end
end

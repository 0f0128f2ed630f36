class Admin::ReportsController < ApplicationController
  def index; end
end

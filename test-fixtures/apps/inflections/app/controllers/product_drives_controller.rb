class ProductDrivesController < ApplicationController
  def index; end
  def show; end
end

class DrivesController < ApplicationController
  def show; end
end

class ShipmentsController < ApplicationController
  def show
  end
end

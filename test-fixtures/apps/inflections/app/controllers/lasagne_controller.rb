class LasagneController < ApplicationController
  def show; end
end

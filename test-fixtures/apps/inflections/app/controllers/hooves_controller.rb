class HoovesController < ApplicationController
  def show; end
end

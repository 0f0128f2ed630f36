class CortesController < ApplicationController
  def index; end
end

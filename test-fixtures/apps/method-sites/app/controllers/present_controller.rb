class PresentController < ApplicationController
  def edit; end
end

class IndicesController < ApplicationController
  def show; end
end

class MetadataController < ApplicationController
  def index; end
  def show; end
end

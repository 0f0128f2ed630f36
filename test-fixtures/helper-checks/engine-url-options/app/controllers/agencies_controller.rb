class AgenciesController < ApplicationController
  def index; end
  def show; end
end

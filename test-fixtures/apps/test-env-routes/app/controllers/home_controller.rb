class HomeController < ApplicationController
  def index
    head :ok
  end
end

class StorefrontController < ApplicationController
  def index
  end
end

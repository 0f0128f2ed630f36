class ReviewsController < ApplicationController
  def index
  end

  def create
  end

  def new
  end

  def show
  end

  def update
  end

  def destroy
  end
end

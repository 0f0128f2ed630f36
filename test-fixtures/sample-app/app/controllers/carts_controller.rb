class CartsController < ApplicationController
  def checkout
  end

  def show
  end

  def update
  end

  def destroy
  end
end

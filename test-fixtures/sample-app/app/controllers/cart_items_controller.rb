class CartItemsController < ApplicationController
  def create
  end

  def update
  end

  def destroy
  end
end

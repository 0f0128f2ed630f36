class OrdersController < ApplicationController
  def index
  end

  def show
  end

  def create
    redirect_to orders_path
  end

  def invoice
  end
end

class ProductsController < ApplicationController
  def index
    @products = Product.all
  end

  def show
    @product = Product.find(params[:id])
  end

  def search
  end

  def featured
  end

  def wishlist
    redirect_to product_path(params[:id])
  end

  def unwishlist
    redirect_to products_path
  end
end

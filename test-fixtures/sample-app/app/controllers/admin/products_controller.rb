module Admin
  class ProductsController < ApplicationController
    def index
    end

    def show
    end

    def new
    end

    def create
      redirect_to admin_products_path
    end

    def edit
    end

    def update
      redirect_to admin_product_path(params[:id])
    end

    def destroy
      redirect_to admin_products_path
    end

    def publish
      redirect_to admin_product_path(params[:id])
    end

    def archive
      redirect_to admin_products_path
    end
  end
end

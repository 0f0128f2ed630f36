module Admin
  class ProductsController < ApplicationController
    def index
    end

    def publish
      redirect_to admin_product_path(params[:id])
    end
  end
end

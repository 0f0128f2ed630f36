module Categories
  class ProductsController < ApplicationController
    def index
    end
  end
end

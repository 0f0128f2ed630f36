module Admin
  class CategoriesController < ApplicationController
    def index
    end

    def create
    end

    def new
    end

    def edit
    end

    def update
    end

    def destroy
    end
  end
end

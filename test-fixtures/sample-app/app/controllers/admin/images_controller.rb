module Admin
  class ImagesController < ApplicationController
    def create
    end

    def destroy
    end
  end
end

module Community
  class RepliesController < ApplicationController
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

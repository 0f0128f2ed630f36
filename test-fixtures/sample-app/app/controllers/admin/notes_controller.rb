module Admin
  class NotesController < ApplicationController
    def index
    end

    def create
    end

    def new
    end

    def edit
    end

    def show
    end

    def update
    end

    def destroy
    end
  end
end

module Support
  class TicketsController < ApplicationController
    def close
    end

    def reopen
    end

    def escalate
    end

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

module Community
  class TopicsController < ApplicationController
    def subscribe
    end

    def unsubscribe
    end

    def pin
    end

    def lock
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

module Community
  class ForumsController < ApplicationController
    def index
    end

    def show
    end
  end
end

module Support
  class ArticlesController < ApplicationController
    def index
    end

    def show
    end
  end
end

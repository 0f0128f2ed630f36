module Journal
  class EntriesController < ApplicationController
    def index
    end

    def show
    end
  end
end

module Support
  class StatusController < ApplicationController
    def show
    end
  end
end

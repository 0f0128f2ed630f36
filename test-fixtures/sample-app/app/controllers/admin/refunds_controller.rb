module Admin
  class RefundsController < ApplicationController
    def create
    end

    def new
    end
  end
end

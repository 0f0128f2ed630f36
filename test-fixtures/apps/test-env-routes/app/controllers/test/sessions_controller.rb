module Test
  class SessionsController < ApplicationController
    def create
      head :created
    end
  end
end

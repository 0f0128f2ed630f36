module Support
  class MessagesController < ApplicationController
    def create
    end
  end
end

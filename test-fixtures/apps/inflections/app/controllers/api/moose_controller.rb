module API
  class MooseController < ApplicationController
    def index; end
    def show; end
  end
end

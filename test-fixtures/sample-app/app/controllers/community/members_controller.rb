module Community
  class MembersController < ApplicationController
    def activity
    end

    def index
    end

    def show
    end
  end
end

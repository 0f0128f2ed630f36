module Community
  class FollowsController < ApplicationController
    def destroy
    end

    def create
    end
  end
end

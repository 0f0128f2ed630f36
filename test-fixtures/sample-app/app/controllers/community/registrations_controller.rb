module Community
  class RegistrationsController < ApplicationController
    def create
    end

    def new
    end

    def destroy
    end
  end
end

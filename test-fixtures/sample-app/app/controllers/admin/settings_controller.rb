module Admin
  class SettingsController < ApplicationController
    def show
    end

    def update
    end
  end
end

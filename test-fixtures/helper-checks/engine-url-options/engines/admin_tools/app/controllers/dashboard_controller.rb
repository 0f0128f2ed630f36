# The app's ApplicationController: its requests' URLs get the app's default_url_options.
class DashboardController < ApplicationController
  def show; end
end

class PagesController < ApplicationController
  # Runs in development too, where no route defines it.
  def show
    redirect_to test_session_path
  end
end

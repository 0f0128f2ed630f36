class PlainReportsController < ActionController::Base
  def show; end
end

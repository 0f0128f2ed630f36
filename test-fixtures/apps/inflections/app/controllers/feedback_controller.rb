class FeedbackController < ApplicationController
  def create; end
end

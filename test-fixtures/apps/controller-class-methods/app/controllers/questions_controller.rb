class QuestionsController < ApplicationController
  def edit; end

  protected

  def shared; end
end

class CommentsController < ApplicationController
  def index
  end

  def create
  end

  def destroy
  end
end

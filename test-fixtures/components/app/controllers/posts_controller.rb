class PostsController < ApplicationController
  def index; end
  def show; end
  def edit; end
end

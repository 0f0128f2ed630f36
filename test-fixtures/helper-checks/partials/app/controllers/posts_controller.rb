class PostsController < ApplicationController
  def index; end
  def show; end
  def new; end
end

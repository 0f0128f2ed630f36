class PostsController < ApplicationController
  def index; end
  def show
    @comments = post_comments_path # eval
  end
  def new; end
  def create
    render :new
  end
end

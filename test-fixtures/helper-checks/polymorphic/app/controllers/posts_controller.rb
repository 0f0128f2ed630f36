class PostsController < ApplicationController
  before_action :set_post, only: [:show, :edit]
  before_action :set_comment, if: -> { params[:comment] }

  def index; end

  def show
    @item = Post.find(params[:id])
  end

  def edit
    @comment = Comment.find(2)
  end

  def preview
    @item = Draft.find(1)
  end

  private

  def set_post
    @post = Post.find(params[:id])
  end

  def set_comment
    @comment = Comment.find(1)
  end
end

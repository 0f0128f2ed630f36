class PostsController < ApplicationController
  def index; end
  def show; end
  def archive; end

  protected

  def preview; end

  private

  def publish; end
end

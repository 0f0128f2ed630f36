class PostsController < ApplicationController
  def index
    @posts = [1]
    redirect_to({ controller: "/redesign/home", action: :show }) if ENV["ENABLE_NEW_HOME"] # eval
    url_for(controller: "/redesign/about", action: :show) unless ENV["ENABLE_NEW_HOME"].nil? # eval
    url_for(controller: "/posts", action: :index) unless ENV["ENABLE_NEW_HOME"] # eval
  end

  def show; end
  def digest; end
  def latest; end
end

class PostsController < ApplicationController
  def index
    redirect_to new_home_path if ENV["ENABLE_NEW_HOME"]
    redirect_to(controller: "/redesign/home", action: :show) unless Rails.env.production?
    return posts_path if @posts.nil?
  end
end

class UsersController < ApplicationController
  def index; end
  def show; end

  # An isolated engine's template, rendered by the app: it runs with the app's helpers here.
  def blog
    render template: "blog/posts/index"
  end
end

class UsersController < ApplicationController
  def index; end
  def show; end
end

class TagsController < ApplicationController
  def show
    head :ok
  end
end

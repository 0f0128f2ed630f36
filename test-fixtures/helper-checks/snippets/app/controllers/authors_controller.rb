class AuthorsController < ApplicationController
  def show
  end
end

class BooksController < ApplicationController
  def show
  end
end

class BooksController < ApplicationController
  def show; end
  def destroy
    redirect_to author_books_path # eval
  end

  def index
    head :ok
  end
end

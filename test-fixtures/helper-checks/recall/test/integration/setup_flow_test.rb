require "test_helper"

class SetupFlowTest < ActionDispatch::IntegrationTest
  setup do
    @started = true
    get post_path(1)
  end

  test "the setup's request is the test's first" do
    get post_path # eval
    get post_comments_path # eval
  end

  test "a method of the class, followed where it is called" do
    open_index
    get post_path # eval
  end

  test "a literal path's request recalls the route it reaches" do
    get "/books/2"
    get book_path # eval
    get author_books_path # eval
  end

  private

  def open_index
    get posts_path
  end
end

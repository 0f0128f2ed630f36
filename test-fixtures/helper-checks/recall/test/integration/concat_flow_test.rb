require "test_helper"

# A request to a helper's path with a query string or a fragment added goes to the helper's route.
class ConcatFlowTest < ActionDispatch::IntegrationTest
  test "a query string added to a helper's path" do
    get post_path(1) + "?tab=comments"
    get post_path # eval
    get post_comments_path + "?page=2" # eval
  end

  test "a helper's path interpolated, with a fragment" do
    get "#{book_path(1)}#reviews"
    get book_path # eval
    get author_books_path # eval
  end

  test "a segment added: another route" do
    get posts_path + "/1"
    get post_path # eval
  end
end

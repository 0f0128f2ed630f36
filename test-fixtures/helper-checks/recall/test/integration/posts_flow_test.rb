require "test_helper"

class PostsFlowTest < ActionDispatch::IntegrationTest
  test "before the first request nothing is recalled" do
    get post_comments_path # eval
    get post_comments_path(1) # eval
    get post_path # eval
  end

  test "after a request its path parameters are recalled" do
    get post_path(1) # eval
    get post_path # eval
    get post_comments_path # eval
  end
end

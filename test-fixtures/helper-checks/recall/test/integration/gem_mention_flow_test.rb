require "test_helper"

# The kit gem names the posts' index helper by a symbol (Kit::SignOutLink) but defines no such
# method: the setup's request is to the route, whose path parameters hold no :id.
class GemMentionFlowTest < ActionDispatch::IntegrationTest
  setup do
    get posts_path
  end

  test "after a request to a route a gem only names" do
    get post_path # eval
    get post_path(1) # eval
  end
end

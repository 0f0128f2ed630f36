require "test_helper"

# An integration session has the routes' helpers, not the app's view helpers: tag_path here is
# the route's, whose :id no request has given yet.
class ViewHelpersFlowTest < ActionDispatch::IntegrationTest
  test "a view helper's name calls the route's helper" do
    get tag_path # eval
    get tag_path(1) # eval
  end
end

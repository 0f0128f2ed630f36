require "test_helper"

# A test that includes the app's helper module calls its method, not the route's helper.
class IncludedHelpersFlowTest < ActionDispatch::IntegrationTest
  include TagsHelper

  test "the included helper's method" do
    get tag_path # eval
  end
end

class PostsTest < ActionDispatch::IntegrationTest
  test "home" do
    get new_home_path if ENV["ENABLE_NEW_HOME"]
    get posts_path
  end
end

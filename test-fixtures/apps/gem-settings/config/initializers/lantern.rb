# The app's settings of the gem: assigned in its `configure` block, and one by its writer.
Lantern.configure do |lantern|
  lantern.home_page = "welcome"
  lantern.drawer = Lantern::Drawers::Flat
end
Lantern.content_path = "guides/"

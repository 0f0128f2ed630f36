# Speaks of a route helper by name without defining it, as Avo's SidebarProfileComponent
# returns `:session_path` for a link it asks `main_app` for: the app's `posts_path` stays the
# route's helper.
module Kit
  class SignOutLink
    def initialize(main_app)
      @main_app = main_app
    end

    def path_name
      return :posts_path if @main_app.respond_to?(:posts_path)

      nil
    end
  end
end

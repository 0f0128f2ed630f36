module Blog
  class PostsController < ActionController::Base
    def index
      @home = main_app.root_path # eval
      @users = users_path # eval
    end

    def show; end
  end
end

module Web
  # Not isolated, its routes appended to the app's: the app's helpers, as any app controller.
  class TemplatesController < ApplicationController
    def show
      @home = web_template_path(1) # eval
      @users = users_path # eval
      @posts = posts_path # eval
    end
  end
end

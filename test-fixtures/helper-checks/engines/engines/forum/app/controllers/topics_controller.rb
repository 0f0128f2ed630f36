class TopicsController < ActionController::Base
  def index
    @users = users_path # eval
    @topics = forum.topics_path # eval
    @own = topics_path # eval
  end
end

module Shop
  class ItemsController < ActionController::Base
    def index
      @items = shop_items_path # eval
      @home = main_app.shop_items_path # eval
      @users = users_path # eval
    end
  end
end

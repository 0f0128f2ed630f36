class NotificationsController < ApplicationController
  def mark_all_read
  end

  def clear
  end

  def index
  end

  def destroy
  end
end

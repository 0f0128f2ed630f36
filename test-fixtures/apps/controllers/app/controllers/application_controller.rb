class ApplicationController < ActionController::Base
  include Trackable
  include DateHelper

  def current_user; end

  private

  def require_login; end
end

module Trackable
  extend ActiveSupport::Concern

  def help; end

  private

  def track!; end
end

# Rails' base: none of the app's URL options, so "a1" is the locale and the id is missing.
class AuditController < ActionController::Base
  def show; end
end

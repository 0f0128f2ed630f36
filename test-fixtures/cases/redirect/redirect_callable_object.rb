# `redirect(obj)` of an object that answers `call` is a redirect Rails prints without a path;
# one that does not is "redirection argument not supported", and the statement ends there.
class LessonRedirector
  def call(params, request) = "/lessons/#{params[:id]}"
end

class NotARedirector
end

Rails.application.routes.draw do
  get "/old/:id", to: redirect(LessonRedirector.new)
  get "/older/:id", to: redirect(NotARedirector.new)
end

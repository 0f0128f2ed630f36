# Every request's URLs get the locale (nhrihub's): a positional argument then fills the next part.
class ApplicationController < ActionController::Base
  def default_url_options
    { locale: I18n.locale }
  end
end

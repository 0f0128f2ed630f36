module Journal
  class ApplicationController < ActionController::Base
  end
end

module Redesign
  class HomeController < BaseController
    def show; end
  end
end

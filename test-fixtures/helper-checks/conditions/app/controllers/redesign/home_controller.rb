module Redesign
  class HomeController < ApplicationController
    def show; end
  end
end

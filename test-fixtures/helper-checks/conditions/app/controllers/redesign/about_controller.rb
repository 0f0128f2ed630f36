module Redesign
  class AboutController < ApplicationController
    def show; end
  end
end

module Web
  class TemplatesController < ApplicationController
    def show; end
  end
end

# With the acronym "API", Rails looks for API::OxenController (English alone: Api::OxenController).
module API
  class OxenController < ApplicationController
    def index; end
  end
end

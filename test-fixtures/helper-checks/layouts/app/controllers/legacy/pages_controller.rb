module Legacy
  # Its layout by its name, layouts/legacy/pages; no route reaches it.
  class PagesController < ApplicationController
    def show; end
  end
end

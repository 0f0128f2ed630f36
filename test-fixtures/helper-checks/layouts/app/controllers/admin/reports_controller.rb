module Admin
  # No layout of its own: layouts/admin/reports does not exist, so its superclass's, layouts/admin/base.
  class ReportsController < BaseController
    def index; end
  end
end

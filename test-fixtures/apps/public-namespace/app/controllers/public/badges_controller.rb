# The `Public::` namespace, in app/controllers/public/ (identity-idp's Idv::InPerson::Public::…):
# the app's own code, not the root's public/ folder of static files.
module Public
  class BadgesController < ApplicationController
    def show
      render plain: "badge"
    end
  end
end

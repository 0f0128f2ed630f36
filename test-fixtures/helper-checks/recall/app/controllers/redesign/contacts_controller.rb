module Redesign
  class ContactsController < BaseController
    def new; end
    def create
      redirect_to(action: :show) # eval
    end
  end
end

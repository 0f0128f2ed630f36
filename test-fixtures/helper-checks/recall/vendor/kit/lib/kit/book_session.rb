require "active_support/concern"

module Kit
  # Included into the request specs tagged `kit_book: true`: each of their examples starts after
  # a request to a book (the session then recalls that book's id).
  module BookSession
    extend ActiveSupport::Concern

    included do
      before { get "/books/5" }
    end
  end
end

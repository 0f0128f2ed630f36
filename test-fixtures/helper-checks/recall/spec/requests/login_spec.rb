require "rails_helper"

# `log_in` is defined twice: SessionHelpers' (quiet) reaches request specs, SystemLogin's (which
# requests a book) only system specs.
RSpec.describe "Logging in", type: :request do
  it "recalls nothing after a log_in that makes no request" do
    log_in "ann"
    get book_path # eval
    get author_books_path(1) # eval
  end
end

require "rails_helper"

# No `type:`: a request spec because rails_helper infers the type from the folder.
RSpec.describe "Books" do
  it "recalls the book's id after showing it" do
    get book_path(1)
    get book_path # eval
    get author_books_path # eval
  end

  context "after a request to a path with a fragment added" do
    before { get book_path(2) + "#reviews" }

    it "recalls that route's parameters" do
      get book_path # eval
      get author_books_path + "?sort=title" # eval
    end
  end
end

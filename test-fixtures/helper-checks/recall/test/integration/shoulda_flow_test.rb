require "test_helper"
# Bundler requires it where the Gemfile has shoulda-context.
require "shoulda/context"

# shoulda-context's contexts: each should runs the class's setup, then its contexts' setup
# blocks outermost first (its `before:` between the enclosing ones and its own).
class ShouldaFlowTest < ActionDispatch::IntegrationTest
  setup do
    @page = 1
  end

  context "before any request" do
    should "recall nothing" do
      get author_books_path # eval
      get author_books_path(1) # eval
    end
  end

  context "a book shown in setup" do
    setup do
      get book_path(1)
    end

    should "recall its id" do
      get book_path # eval
      get author_books_path # eval
    end

    context "then an author's books" do
      setup do
        get author_books_path(2)
      end

      should "recall the author" do
        get author_books_path # eval
        get book_path # eval
      end
    end

    should "run the context's setup after the before: block", before: -> { get author_books_path(3) } do
      get book_path # eval
      get author_books_path # eval
    end
  end

  should "run outside any context with the class's setup only" do
    get book_path # eval
  end
end

require "test_helper"
# Bundler requires it where the Gemfile has shoulda-context.
require "shoulda/context"

# Tests defined in a loop over literal data (publisher's `slug_prefix_for_kind.each`,
# rubygems.org's `[[:github, …], …].each`): each pass defines the same tests.
class LoopFlowTest < ActionDispatch::IntegrationTest
  kinds = [%w[first 1], %w[second 2]] + %w[third].map { |k| [k, "3"] }

  kinds.each do |kind, id|
    test "visits the #{kind} post" do
      get post_comments_path # eval
      get post_path(id)
      get post_path # eval
    end
  end

  [[:shelf, 1]].each do |name, id|
    context "from the #{name}" do
      setup { get book_path(id) }

      should "recall the book" do
        get book_path # eval
        get author_books_path # eval
      end
    end
  end
end

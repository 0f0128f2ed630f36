require "rails_helper"

# The kit gem's modules, included by rails_helper: what their `included do … end` adds.
RSpec.describe "Kit helpers", type: :request do
  it "calls the gem's let and the helpers its module includes, which make no request" do
    kit_user
    get post_path(1)
    kit_note "first"
    get post_path # eval
    get post_comments_path # eval
  end
end

# Kit::BookSession reaches this group by its tag: each example starts after its hook's request.
RSpec.describe "Kit's book session", type: :request, kit_book: true do
  it "starts after the gem's hook requested a book" do
    get book_path # eval
    get post_path(1)
    get post_comments_path # eval
  end
end

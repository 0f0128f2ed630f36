require "rails_helper"

# A request in before(:all) makes one session, which every example gets: the second example's
# session holds the first example's last request (book 1), not the hook's (the posts' index),
# so `book_path` is given its :id. Routemap does not follow it (nothing is said).
RSpec.describe "Books, one session", type: :request do
  before(:all) { get posts_path }

  it "requests book 1" do
    get book_path(1)
  end

  it "recalls what the example before asked for" do
    get book_path # eval
  end
end

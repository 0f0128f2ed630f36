require "rails_helper"

RSpec.describe "Posts", type: :request do
  # A let is run where it is first named; a value it gives may be a Hash of options: the request's recall is then not known.
  let(:post_id) { 1 }

  it "recalls nothing before the first request" do
    get post_comments_path # eval
    get post_comments_path(1) # eval
    get post_path # eval
  end

  it "a request given a let's value" do
    get post_path(post_id)
    get post_path # eval
  end

  specify "a literal path's request recalls the route it reaches" do
    get "/posts/1"
    get post_path # eval
    get post_comments_path # eval
  end

  context "after a request in a before hook" do
    before { get post_path(2) }

    it "recalls its path parameters" do
      get post_path # eval
      get post_comments_path # eval
    end
  end

  describe "helpers of the support module" do
    it "a quiet one changes nothing" do
      note "first"
      get post_path # eval
    end

    it "one that makes a request: what it recalls is not followed, until a request of the example's own" do
      open_post(1)
      get post_path # eval
      get posts_path
      get post_path # eval
    end

    it "one that makes a request to a literal path: its route's parameters are recalled" do
      open_post(2)
      visit_index
      get post_path # eval
    end
  end

  describe "subject and let!" do
    subject(:show) { get post_path(3) }
    let!(:listed) { get posts_path }

    it "runs let! first and the subject where it is named" do
      get post_path # eval
      show
      get post_path # eval
      get post_comments_path # eval
    end
  end

  describe "a branch that may not run" do
    it "leaves what the session holds unknown after it" do
      get post_path(1) unless ENV["NEVER_SET"]
      get post_path # eval
      get posts_path
      get post_path # eval
    end
  end
end

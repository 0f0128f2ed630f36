require "rails_helper"

# rails_helper's `config.before(:each, :kit_js, kit_slow: true)` requests a book: only an example
# with both tags (its own or its groups') starts after that request.
RSpec.describe "Tagged hooks", type: :request do
  it "with one of the tags does not run the hook", :kit_js do
    get book_path # eval
  end

  it "with the other does not run it either", kit_slow: true do
    get book_path # eval
  end

  context "with one tag on the group", :kit_js do
    it "and the other on the example runs it", :kit_slow do
      get book_path # eval
    end

    it "and none on the example does not" do
      get book_path # eval
    end
  end

  it "with both runs it", :kit_js, :kit_slow do
    get book_path # eval
  end
end

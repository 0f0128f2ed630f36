require "rails_helper"

RSpec.describe "chapters", :v2 do
  it "shows one" do
    get chapter_path(1)
    get home_path
    get sections_path
  end
end

Rails.application.routes.draw do
  with_options controller: "static" do
    get "about", action: :about
    get "terms", action: :terms
  end
end

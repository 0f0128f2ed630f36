Rails.application.routes.draw do
  with_options path: "x" do |o|
    o.get "y", to: "y#y", path: "z"
  end
end

Rails.application.routes.draw do
  resources "posts", only: ["index"]
  namespace "admin" do
    resources "users", only: "show"
  end
  get :"quoted-sym", to: "x#y"
end

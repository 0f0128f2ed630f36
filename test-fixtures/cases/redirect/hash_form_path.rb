Rails.application.routes.draw do
  get "/docs" => redirect("/documentation")
  match "/w/*path" => redirect("/wiki/%{path}"), via: :get
end

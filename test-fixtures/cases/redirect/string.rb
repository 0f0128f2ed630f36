Rails.application.routes.draw do
  get "/stories", to: redirect("/articles")
  get "/old/:id", to: redirect("/new/%{id}")
  get "/google", to: redirect("https://www.google.com")
end

Rails.application.routes.draw do
  mount Resque::Server, at: "/resque"
  mount Blog::App, at: "/blog", as: "blog"
end

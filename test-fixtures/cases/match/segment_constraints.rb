Rails.application.routes.draw do
  get "users/:name", to: "users#show", name: /[a-z]+/
  get "files/:name", to: "files#show", constraints: { name: /[^\/]+/ }
  get "case/:id", to: "c#s", id: /[A-Z]\d{5}/i
end

Rails.application.routes.draw do
  get "a/:id", to: "a#a", id: /[a-z]+/i
  get "b/:id", to: "b#b", id: /[a-z]+ # letters/x
  get "c/:id", to: "c#c", constraints: { id: %r{[^/]+} }
end

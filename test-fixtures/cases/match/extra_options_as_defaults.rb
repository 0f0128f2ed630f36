Rails.application.routes.draw do
  get "x", to: "x#y", foo: "bar"
  get "y/:id", to: "y#z", id: "7"
end

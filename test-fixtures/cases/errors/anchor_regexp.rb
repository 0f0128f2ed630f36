Rails.application.routes.draw do
  get "x/:id", to: "a#b", id: /^\d+/
end

Rails.application.routes.draw do
  get "x/:id", to: "a#b", constraints: { id: /\d+$/ }
end

Rails.application.routes.draw do
  get "x", to: "a#b", as: "bad name"
end

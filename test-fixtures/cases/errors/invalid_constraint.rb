Rails.application.routes.draw do
  get "x", to: "a#b", constraints: "nope"
end

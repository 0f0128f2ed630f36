Rails.application.routes.draw do
  get "x", path: "y", to: "a#b"
end

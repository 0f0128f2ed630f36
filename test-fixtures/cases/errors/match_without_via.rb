Rails.application.routes.draw do
  match "x", to: "a#b"
end

Rails.application.routes.draw do
  get "users/sign_in", to: "sessions#new"
  get "p/:id", to: "p#show"
  get "x.y", to: "x#y"
  get "1things", to: "t#show"
  get "_private", to: "p#show"
end

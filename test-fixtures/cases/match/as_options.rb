Rails.application.routes.draw do
  get "exit", to: "sessions#destroy", as: :logout
  get "help", to: "pages#help", as: nil
  get "a-b-c", to: "x#y"
  get "with space", to: "x#z"
end

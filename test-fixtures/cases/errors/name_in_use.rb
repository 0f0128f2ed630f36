Rails.application.routes.draw do
  get "a", to: "a#a", as: :thing
  get "b", to: "b#b", as: :thing
end

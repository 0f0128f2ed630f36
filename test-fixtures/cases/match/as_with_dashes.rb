Rails.application.routes.draw do
  get "x", to: "a#b", as: "x-y"
  get "z", to: "a#c", as: :"w-v"
end

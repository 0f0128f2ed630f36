Rails.application.routes.draw do
  get "plus_e", to: "plus#e"
end

Rails.application.routes.draw do
  get "first_g", to: "first#g"
end

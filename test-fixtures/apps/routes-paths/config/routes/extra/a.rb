Rails.application.routes.draw do
  get "alpha", to: "pages#alpha"
end

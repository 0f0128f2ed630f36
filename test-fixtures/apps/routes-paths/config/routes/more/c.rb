Rails.application.routes.draw do
  get "gamma", to: "pages#gamma"
end

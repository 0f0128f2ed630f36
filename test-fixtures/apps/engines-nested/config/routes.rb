Rails.application.routes.draw do
  mount Outer::Engine, at: "/outer"
  get "top", to: "top#show"
end

Rails.application.routes.draw do
  mount Storefront::Engine, at: "/shop"
  get "ping", to: "ping#index"
end

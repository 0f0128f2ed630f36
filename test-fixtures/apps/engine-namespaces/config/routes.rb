Rails.application.routes.draw do
  mount Shop::Core::Engine, at: "/"
  mount Acme::Reports::Engine, at: "/reports"
  get "status", to: "status#show"
end

Rails.application.routes.draw do
  get "ping", to: "ping#show"
  mount WidgetApi::Engine, at: "/widgets"
end

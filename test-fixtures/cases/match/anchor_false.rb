Rails.application.routes.draw do
  get "static/*path", to: "static#show", anchor: false
  match "proxy", to: "proxy#pass", via: :all, anchor: false
end

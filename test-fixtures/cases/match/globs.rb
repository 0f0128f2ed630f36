Rails.application.routes.draw do
  get "photos/*other", to: "photos#unknown"
  get "books/*section/:title", to: "books#show"
  get "*a/foo/*b", to: "test#index"
  get "files/*path", to: "files#show", format: false
  get "assets/*path", to: "assets#show", format: true
end

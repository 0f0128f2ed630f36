Rails.application.routes.draw do
  get "photos/:id", to: "photos#show", defaults: { format: "jpg" }
  get "search", to: "search#index", defaults: { page: 1, q: nil }
end

Rails.application.routes.draw do
  match "photos", to: "photos#show", via: [:get, :post]
  match "ping", to: "health#ping", via: :all
  match "both", to: "a#b", via: "get"
end

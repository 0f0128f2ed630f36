Rails.application.routes.draw do
  get "photos" => "photos#index"
  post "photos/import" => "photos#import", as: :import
  match "legacy" => "legacy#show", via: :get
end

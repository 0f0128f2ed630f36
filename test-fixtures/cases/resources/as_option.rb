Rails.application.routes.draw do
  resources :photos, as: :images
  resource :geocoder, as: :locator
end

Rails.application.routes.draw do
  resources :reports, format: "json"
end

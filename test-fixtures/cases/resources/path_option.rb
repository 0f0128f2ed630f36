Rails.application.routes.draw do
  resources :photos, path: "images"
  resource :account, path: "my-account"
end

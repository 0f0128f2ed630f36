Rails.application.routes.draw do
  resources :posts, module: :admin
  resource :dashboard, module: "backoffice"
end

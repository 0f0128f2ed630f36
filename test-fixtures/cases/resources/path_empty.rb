Rails.application.routes.draw do
  resources :pages, path: "", only: [:show]
  resource :home, path: "", only: :show
end

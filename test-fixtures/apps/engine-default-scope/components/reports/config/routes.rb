Acme::Reports::Engine.routes.draw do
  resources :sales, only: :index
end

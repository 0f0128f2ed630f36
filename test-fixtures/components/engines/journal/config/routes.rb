Journal::Engine.routes.draw do
  resources :entries, only: [:index]
end

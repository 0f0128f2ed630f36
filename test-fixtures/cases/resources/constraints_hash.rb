Rails.application.routes.draw do
  resources :photos, constraints: { id: /[A-Z][A-Z][0-9]+/ }
end

Billing::Engine.routes.draw do
  resources :invoices, only: [:index, :show]
end

Rails.application.routes.draw do
  resource :account do
    resources :invoices
  end
end

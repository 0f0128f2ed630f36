Rails.application.routes.draw do
  resources :accounts do
    namespace :billing do
      resources :invoices
    end
  end
end

Rails.application.routes.draw do
  resource :account do
    resources :keys, shallow: true
  end
end

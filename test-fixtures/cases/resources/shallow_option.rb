Rails.application.routes.draw do
  resources :articles, shallow: true do
    resources :comments
    resources :quotes
  end
end

Rails.application.routes.draw do
  resources :a, shallow: true do
    resources :b do
      resources :c
    end
  end
end

Rails.application.routes.draw do
  resources :magazines do
    resources :ads
  end
end

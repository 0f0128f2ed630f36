Rails.application.routes.draw do
  resources :publishers do
    resources :magazines do
      resources :photos, only: [:index, :show]
    end
  end
end

Rails.application.routes.draw do
  resources :comments
  with_options only: [:index] do
    resources :posts do
      member do
        get :preview
      end
    end
  end
end

Rails.application.routes.draw do
  resource :profile, only: [:show, :edit] do
    resources :photos, only: :index
  end
end

Rails.application.routes.draw do
  resources :posts do
    nested do
      get :stats
    end
  end
end

Rails.application.routes.draw do
  shallow do
    resources :articles do
      resources :comments
    end
  end
end

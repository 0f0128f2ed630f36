Rails.application.routes.draw do
  resources :posts do
    root "posts#latest"
  end
  resource :dashboard do
    root to: "dashboards#overview"
  end
end

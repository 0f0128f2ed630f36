Rails.application.routes.draw do
  namespace :admin do
    resources :projects, shallow: true do
      resources :tasks do
        resources :notes
      end
    end
  end
end

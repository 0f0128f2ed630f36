Rails.application.routes.draw do
  scope module: :v1 do
    namespace :admin do
      resources :users, only: :index
    end
  end
end

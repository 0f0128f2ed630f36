class AdminApi < ::Rails::Engine
end

AdminApi.routes.draw do
  resources :sections, only: %i[index show]
  namespace :green_lanes do
    resources :categories, only: :index
  end
end

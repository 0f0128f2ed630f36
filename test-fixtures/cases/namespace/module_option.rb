Rails.application.routes.draw do
  namespace :api, module: "public_api" do
    resources :keys, only: :index
  end
end

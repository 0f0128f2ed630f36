Rails.application.routes.draw do
  root "home#index"
  get "status", to: "status#show", as: "status"

  api_version(module: "Api::V1", path: { value: "/api/v1" }, defaults: { format: :json }) do
    resources :posts, only: [:index, :show] do
      resources :comments, only: :index
    end
    get "status", to: "status#show", as: "status"
  end

  api_version(module: "Api::V2", header: { name: "Accept", value: "application/vnd.example; version=2" }, path: { value: "v2" }, default: true) do
    resources :posts, only: :index
  end

  api_version("module" => "Api::V3", parameter: { name: "version", value: "3.0" }) do
    resources :photos, only: :show
  end
end

# What versionist 2.0.1 draws for routes.rb (lib/versionist/routing.rb, `api_version` and its
# configure_* methods), written out as plain Rails: the oracle draws this file, and the
# golden it writes is compared with Routemap's table of routes.rb.
Rails.application.routes.draw do
  root "home#index"
  get "status", to: "status#show", as: "status"

  # configure_path: the leading "/" sliced off; as: the value with \W as "_"; module underscored.
  namespace "api/v1", module: "api/v1", as: "api_v1", defaults: { format: :json } do
    resources :posts, only: [:index, :show] do
      resources :comments, only: :index
    end
    get "status", to: "status#show", as: "status"
  end

  # configure_header (a request constraint), then configure_path, then configure_default.
  scope module: "api/v2", constraints: VersionistHeader do
    resources :posts, only: :index
  end
  namespace "v2", module: "api/v2", as: "v2" do
    resources :posts, only: :index
  end
  scope module: "api/v2", constraints: VersionistDefault, as: "default" do
    resources :posts, only: :index
  end

  # configure_parameter: a request constraint, as: the value with \W as "_" (since 2.0).
  scope module: "api/v3", constraints: VersionistParameter, as: "3_0" do
    resources :photos, only: :show
  end
end

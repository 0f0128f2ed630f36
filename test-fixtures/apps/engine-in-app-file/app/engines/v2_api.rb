class V2Api < ::Rails::Engine
end

V2Api.routes.draw do
  scope module: "api/v2" do
    resources :chapters, only: :show
  end
end

Rails.application.routes.draw do
  scope "v1", module: "v1", as: "v1" do
    scope "admin", module: "admin", as: "admin" do
      resources :users
    end
  end
end

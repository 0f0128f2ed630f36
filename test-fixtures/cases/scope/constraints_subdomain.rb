Rails.application.routes.draw do
  scope constraints: { subdomain: "api" } do
    resources :posts, only: :index
  end
  constraints subdomain: "admin" do
    get "dashboard", to: "admin#dashboard"
  end
end

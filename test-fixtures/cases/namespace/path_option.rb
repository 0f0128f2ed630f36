Rails.application.routes.draw do
  namespace :admin, path: "backoffice" do
    resources :users
  end
end

Rails.application.routes.draw do
  namespace :admin, as: "management" do
    resources :users, only: :index
  end
end

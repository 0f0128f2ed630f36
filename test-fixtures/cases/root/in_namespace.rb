Rails.application.routes.draw do
  namespace :admin do
    root "dashboard#show"
  end
  scope "/v2", as: "v2" do
    root to: "v2/home#index"
  end
  root "home#index"
end

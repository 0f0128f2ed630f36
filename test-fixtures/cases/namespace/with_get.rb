Rails.application.routes.draw do
  namespace :admin do
    get "stats", to: "stats#index"
    get "reports/daily"
    post :sync, to: "sync#create"
  end
end

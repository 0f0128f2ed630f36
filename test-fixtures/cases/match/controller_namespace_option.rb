Rails.application.routes.draw do
  get "legacy", controller: "admin/legacy", action: :index
  namespace :admin do
    get "x", controller: "reports", action: :x
  end
end

Rails.application.routes.draw do
  extend AdminRoutes
  extend ApiRoutes

  instance_eval do
    get "status", to: "status#show"
  end

  root to: "home#index"
end

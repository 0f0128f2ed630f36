module Reports
  class Engine < Rails::Engine
  end
end

Reports::Engine.routes.draw do
  get "daily", to: "reports#daily"
end

Rails.application.routes.draw do
  mount Reports::Engine, at: "/reports"
end

Rails.application.routes.draw do
  get "test_login", to: "test_sessions#create"
end

Rails.application.routes.draw do
  get "x", to: "Admin::Posts#index"
end

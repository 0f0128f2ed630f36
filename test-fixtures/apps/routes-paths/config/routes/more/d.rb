Rails.application.routes.draw do
  get "delta", to: "pages#delta"
end

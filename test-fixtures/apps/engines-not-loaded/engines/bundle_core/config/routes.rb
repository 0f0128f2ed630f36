Rails.application.routes.draw do
  get "bundles", to: "bundles#index"
end

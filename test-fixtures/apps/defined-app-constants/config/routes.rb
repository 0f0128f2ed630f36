Rails.application.routes.draw do
  get "widgets", to: "widgets#index" if defined?(Widget)
  get "flagged", to: "flags#show" if defined?(FeatureFlagged)
  mount Loaded::Engine, at: "/loaded" if defined?(Loaded::Engine)
  get "nope", to: "nopes#show" if defined?(Nope) && false
end

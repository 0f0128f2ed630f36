Rails.application.routes.draw do
  scope defaults: { format: "json" } do
    resources :posts, only: :index
  end
  defaults format: :xml do
    get "feed", to: "feeds#show"
  end
end

Rails.application.routes.draw do
  scope as: "admin" do
    resources :posts
    get "stats", to: "stats#show"
  end
end

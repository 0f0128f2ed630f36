Rails.application.routes.draw do
  scope constraints: { id: /\d+/ }, defaults: { format: "json" } do
    resources :posts, only: [:show, :index]
    get "posts/:id/raw", to: "posts#raw"
  end
end

# Routes for the URL generation checks: calls.txt is checked against them as a mailer's code.
Rails.application.routes.draw do
  resources :posts do
    resources :comments, only: [:show, :index]
    get :preview, on: :member
  end
  resource :session, only: [:new, :destroy]
  get "feed(/:page)", to: "posts#index", as: :feed, defaults: { format: :rss }
  get ":locale/about", to: "pages#about", as: :about
  get "archive/:year/:month", to: "posts#archive", as: :archive
  get "p/:id", to: "posts#show", as: :short, defaults: { id: "1" }
  namespace :admin do
    resources :users, only: [:index, :show]
  end
  get "search", to: "search#results"
  get "articles/:id", to: "articles#show", as: :article, constraints: { id: /\d+/ }
  get "tags/:name", to: "tags#show", as: :tag, name: /[a-z]+/i
  constraints(slug: /[a-z0-9-]+/) do
    get "docs/:slug(.:format)", to: "docs#show", as: :doc
  end
  get "years/:year/:month", to: "years#show", as: :month, year: /\d{4}/, month: /\d{1,2}/
end

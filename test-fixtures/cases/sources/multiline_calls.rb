Rails.application.routes.draw do
  get "a",
    to: "a#b"
  resources :posts,
    only: [:index] do
    get :x,
      on: :collection
  end
  match "m",
        to: "m#m",
        via: [:get,
              :post]
  scope(
    "s"
  ) { get "t", to: "t#t" }
  resources(:things,
            only: :show)
  get(
    "paren",
    to: "p#p"
  )
  root(
    to: "home#index"
  )
end

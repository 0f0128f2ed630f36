Rails.application.routes.draw do
  member do
    get :x
  end
  resources :posts, concerns: :missing
  get "a", to: "a#a", as: :thing
  get "b", to: "b#b", as: :thing
  get "c", to: "Bad#c"
  match "d", to: "d#d"
  resources :after, only: :index
end

Rails.application.routes.draw do
  resources :posts
  get "p", to: "p#p", as: :posts
end

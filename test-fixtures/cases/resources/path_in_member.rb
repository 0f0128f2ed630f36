Rails.application.routes.draw do
  resources :posts do
    get "history/:version", on: :member, to: "posts#version", as: :version
    get :feed, on: :collection, path: "rss.xml", format: false
  end
end

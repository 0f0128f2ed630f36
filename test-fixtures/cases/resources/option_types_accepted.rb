Rails.application.routes.draw do
  resources :posts, as: 5
  resources :pages, path: 1
  resources :tags, controller: :labels
  resources :notes, module: 1
  resources 5
  resource 6
  get "v", to: "a#b", via: 1
  get "f", to: "a#b", format: 1
  get 1, to: "a#b"
  get "act", to: "a#b", action: 1
  namespace 1 do
    get "ns", to: "a#ns"
  end
  scope 2 do
    get "sc", to: "a#sc"
  end
  scope path: 3 do
    get "sp", to: "a#sp"
  end
  scope as: 4 do
    get "sa", to: "a#sa"
  end
  scope module: 5 do
    get "sm", to: "sm#sm"
  end
  resources :shallows, shallow: 1 do
    resources :kids
  end
  resources :ons, on: 1
  get "anc", to: "a#b", anchor: 1
end

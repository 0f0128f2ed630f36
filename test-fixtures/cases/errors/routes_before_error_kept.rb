Rails.application.routes.draw do
  resources :posts
  resources :tags do
    get :x, to: "Bad#x"
  end
  resources :after
end
